// Diffusers and other image-generation libraries (catalogue.md §6.2: diffusers, diffusionkit; plus sana).
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { baseModel, firstWidget, hasTag, repoName, stringOrUndefined } from "./model-fields.js";

export const DIFFUSERS_DEFAULT_PROMPT = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k";
const BASE_MODEL_PLACEHOLDER = "fill-in-base-model";

/** Prompt: the first widget example's text, else the card's instance prompt, else the default. */
function diffusersPrompt(model: ModelData): string {
  return (
    stringOrUndefined(firstWidget(model)?.text) ??
    stringOrUndefined(model.cardData?.instance_prompt) ??
    DIFFUSERS_DEFAULT_PROMPT
  );
}

function generation(model: ModelData): string {
  return `prompt = ${pyStr(diffusersPrompt(model))}\nimage = pipe(prompt).images[0]`;
}

export function diffusers(model: ModelData): string[] {
  const base = pyStr(baseModel(model) ?? BASE_MODEL_PLACEHOLDER);
  const id = pyStr(model.id);
  if (hasTag(model, "controlnet")) {
    return [
      `from diffusers import ControlNetModel, StableDiffusionControlNetPipeline

controlnet = ControlNetModel.from_pretrained(${id})
pipe = StableDiffusionControlNetPipeline.from_pretrained(
    ${base}, controlnet=controlnet
)`,
    ];
  }
  if (hasTag(model, "lora")) {
    return [
      `import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained(${base}, torch_dtype=torch.bfloat16, device_map="cuda")
pipe.load_lora_weights(${id})

${generation(model)}`,
    ];
  }
  if (hasTag(model, "textual_inversion")) {
    return [
      `import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained(${base}, torch_dtype=torch.bfloat16, device_map="cuda")
pipe.load_textual_inversion(${id})`,
    ];
  }
  return [
    `import torch
from diffusers import DiffusionPipeline

# switch to "mps" for apple devices
pipe = DiffusionPipeline.from_pretrained(${id}, torch_dtype=torch.bfloat16, device_map="cuda")

${generation(model)}`,
  ];
}

export function diffusionkit(model: ModelData): string[] {
  const flux = hasTag(model, "flux");
  const setup = flux
    ? `# Pipeline for Flux
from diffusionkit.mlx import FluxPipeline

pipeline = FluxPipeline(
    shift=1.0,
    model_version=${pyStr(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)`
    : `# Pipeline for Stable Diffusion 3
from diffusionkit.mlx import DiffusionPipeline

pipeline = DiffusionPipeline(
    shift=3.0,
    use_t5=False,
    model_version=${pyStr(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)`;
  const generate = `# Image Generation
HEIGHT = 512
WIDTH = 512
NUM_STEPS = ${flux ? 4 : 50}
CFG_WEIGHT = ${flux ? 0 : 5}

image, _ = pipeline.generate_image(
    "a photo of a cat",
    cfg_weight=CFG_WEIGHT,
    num_steps=NUM_STEPS,
    latent_size=(HEIGHT // 8, WIDTH // 8),
)`;
  return [setup, generate];
}

export function sana(model: ModelData): string[] {
  return [
    `# Install from https://github.com/NVlabs/Sana (run from a clone of the repository)
# Load the model and generate an image from text
import torch
from app.sana_pipeline import SanaPipeline
from torchvision.utils import save_image

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
generator = torch.Generator(device=device).manual_seed(42)

sana = SanaPipeline("configs/sana_config/1024ms/Sana_1600M_img1024.yaml")
# Sana repositories keep their weights in checkpoints/<repository name>.pth
sana.from_pretrained(${pyStr(`hf://${model.id}/checkpoints/${repoName(model)}.pth`)})

image = sana(
    prompt='a cyberpunk cat with a neon sign that says "Sana"',
    height=1024,
    width=1024,
    guidance_scale=5.0,
    pag_guidance_scale=2.0,
    num_inference_steps=18,
    generator=generator,
)
save_image(image, "output/sana.png", nrow=1, normalize=True, value_range=(-1, 1))`,
  ];
}

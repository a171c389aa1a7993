// Diffusers and other image-generation libraries (catalogue.md §6.2: diffusers, diffusionkit; plus sana).
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { baseModel, firstWidget, hasTag, pipelineTag, repoName, stringOrUndefined } from "./model-fields.js";

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

const IMAGE_TO_VIDEO_PROMPT = "A man with short gray hair plays a red electric guitar.";
const IMAGE_TO_IMAGE_PROMPT = "Turn this cat into a dog";
const CAT_IMAGE = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png";
const GUITAR_IMAGE =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/guitar-man.png";

/** How the pipeline is used, by task: the extra imports and the lines after the pipeline is loaded. */
interface Usage {
  imports: string;
  run: string;
}

function usage(model: ModelData): Usage {
  const tag = pipelineTag(model);
  if (tag === "image-to-video" || tag === "text-to-video") {
    const prompt = pyStr(stringOrUndefined(firstWidget(model)?.text) ?? IMAGE_TO_VIDEO_PROMPT);
    if (tag === "text-to-video") {
      return {
        imports: "from diffusers.utils import export_to_video\n",
        run: `prompt = ${prompt}\noutput = pipe(prompt=prompt).frames[0]\nexport_to_video(output, "output.mp4")`,
      };
    }
    return {
      imports: "from diffusers.utils import export_to_video, load_image\n",
      run: `image = load_image(${pyStr(GUITAR_IMAGE)})\nprompt = ${prompt}\noutput = pipe(image=image, prompt=prompt).frames[0]\nexport_to_video(output, "output.mp4")`,
    };
  }
  if (tag === "image-to-image") {
    const prompt = pyStr(stringOrUndefined(firstWidget(model)?.text) ?? IMAGE_TO_IMAGE_PROMPT);
    return {
      imports: "from diffusers.utils import load_image\n",
      run: `input_image = load_image(${pyStr(CAT_IMAGE)})\nprompt = ${prompt}\nimage = pipe(image=input_image, prompt=prompt).images[0]`,
    };
  }
  return { imports: "", run: `prompt = ${pyStr(diffusersPrompt(model))}\nimage = pipe(prompt).images[0]` };
}

const INPAINT_PIPELINE_TAGS = ["StableDiffusionInpaintPipeline", "StableDiffusionXLInpaintPipeline"];

export function diffusers(model: ModelData): string[] {
  const base = pyStr(baseModel(model) ?? BASE_MODEL_PLACEHOLDER);
  const id = pyStr(model.id);
  if (INPAINT_PIPELINE_TAGS.some((tag) => hasTag(model, tag))) {
    return [
      `import torch
from diffusers import AutoPipelineForInpainting
from diffusers.utils import load_image

# switch to "mps" for apple devices
pipe = AutoPipelineForInpainting.from_pretrained(${id}, torch_dtype=torch.float16, variant="fp16").to("cuda")

img_url = "https://raw.githubusercontent.com/CompVis/latent-diffusion/main/data/inpainting_examples/overture-creations-5sI6fQgYIuo.png"
mask_url = "https://raw.githubusercontent.com/CompVis/latent-diffusion/main/data/inpainting_examples/overture-creations-5sI6fQgYIuo_mask.png"
image = load_image(img_url).resize((1024, 1024))
mask_image = load_image(mask_url).resize((1024, 1024))

prompt = "a tiger sitting on a park bench"
generator = torch.Generator(device="cuda").manual_seed(0)
image = pipe(
    prompt=prompt,
    image=image,
    mask_image=mask_image,
    guidance_scale=8.0,
    num_inference_steps=20,
    strength=0.99,
    generator=generator,
).images[0]`,
    ];
  }
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
    const { imports, run } = usage(model);
    return [
      `import torch
from diffusers import DiffusionPipeline
${imports}
# switch to "mps" for apple devices
pipe = DiffusionPipeline.from_pretrained(${base}, dtype=torch.bfloat16, device_map="cuda")
pipe.load_lora_weights(${id})

${run}`,
    ];
  }
  if (hasTag(model, "textual_inversion")) {
    return [
      `import torch
from diffusers import DiffusionPipeline

# switch to "mps" for apple devices
pipe = DiffusionPipeline.from_pretrained(${base}, dtype=torch.bfloat16, device_map="cuda")
pipe.load_textual_inversion(${id})`,
    ];
  }
  if (hasTag(model, "FluxFillPipeline")) {
    return [
      `import torch
from diffusers import FluxFillPipeline
from diffusers.utils import load_image

image = load_image("https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main/cup.png")
mask = load_image("https://huggingface.co/datasets/diffusers/diffusers-images-docs/resolve/main/cup_mask.png")

# switch to "mps" for apple devices
pipe = FluxFillPipeline.from_pretrained(${id}, dtype=torch.bfloat16, device_map="cuda")
image = pipe(
    prompt="a white paper cup",
    image=image,
    mask_image=mask,
    height=1632,
    width=1232,
    guidance_scale=30,
    num_inference_steps=50,
    max_sequence_length=512,
    generator=torch.Generator("cpu").manual_seed(0),
).images[0]
image.save("flux-fill-dev.png")`,
    ];
  }
  const { imports, run } = usage(model);
  return [
    `import torch
from diffusers import DiffusionPipeline
${imports}
# switch to "mps" for apple devices
pipe = DiffusionPipeline.from_pretrained(${id}, dtype=torch.bfloat16, device_map="cuda")

${run}`,
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

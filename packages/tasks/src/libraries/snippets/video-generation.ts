// Video and image generation of the newest catalogue: LTX-2 (run from its repository with uv), Phantom-Wan, UniWorld
// (univa).
import type { ModelData } from "../../model-data.js";
import { commentText, pyStr, shWord } from "../../snippets/quote.js";
import { hasTag, repoName } from "./model-fields.js";

const LTX_IMAGE_HINT = "# For image-to-video, add: --image path/to/image.jpg 0 0.8";

/** LTX-2 runs from a clone of its repository; its pipelines read the weights from ./models. */
export function ltx(model: ModelData): string[] {
  const dir = `models/${repoName(model)}`;
  const checkpoint = shWord(`${dir}/${repoName(model)}.safetensors`);
  const gemma = "--gemma-root models/gemma-3-12b";
  const install = `git clone https://github.com/Lightricks/LTX-2.git
cd LTX-2
uv sync --frozen`;
  // The weight file names vary between repositories; the commands below assume <name>.safetensors and say so.
  const download = `hf download ${shWord(model.id)} --local-dir ${shWord(dir)}
hf download google/gemma-3-12b-it-qat-q4_0-unquantized --local-dir models/gemma-3-12b
# The commands below use ${commentText(`${dir}/${repoName(model)}.safetensors`)}: use the .safetensors file you downloaded`;
  if (hasTag(model, "ic-lora")) {
    return [
      install,
      download,
      `# Video-to-video with an IC-LoRA: the reference video conditions the output
uv run python -m ltx_pipelines.ic_lora \\
  ${gemma} \\
  --lora ${checkpoint} 1.0 \\
  --video-conditioning reference.mp4 1.0 \\
  --prompt "A beautiful sunset over the ocean" \\
  --output-path output.mp4`,
    ];
  }
  if (hasTag(model, "lora")) {
    return [
      install,
      download,
      `uv run python -m ltx_pipelines.ti2vid_two_stages_hq \\
  ${gemma} \\
  --lora ${checkpoint} 1.0 \\
  --prompt "A beautiful sunset over the ocean" \\
  --output-path output.mp4
${LTX_IMAGE_HINT}`,
    ];
  }
  return [
    install,
    download,
    `# Fast: the distilled pipeline
uv run python -m ltx_pipelines.distilled \\
  --checkpoint-path ${checkpoint} \\
  ${gemma} \\
  --prompt "A beautiful sunset over the ocean" \\
  --output-path output.mp4
${LTX_IMAGE_HINT}`,
    `# High quality: the two-stage pipeline
uv run python -m ltx_pipelines.ti2vid_two_stages_hq \\
  --checkpoint-path ${checkpoint} \\
  ${gemma} \\
  --prompt "A beautiful sunset over the ocean" \\
  --output-path output.mp4
${LTX_IMAGE_HINT}`,
  ];
}

export function phantom_wan(model: ModelData): string[] {
  return [
    `# Run from a clone of https://github.com/Phantom-video/Phantom
from huggingface_hub import snapshot_download
from phantom_wan import WanI2V, configs

checkpoint_dir = snapshot_download(${pyStr(model.id)})
wan_i2v = WanI2V(
    config=configs.WAN_CONFIGS["i2v-14B"],
    checkpoint_dir=checkpoint_dir,
)
text_prompt = "A cat is playing with a ball of yarn"
image_prompt = "path/to/image.jpg"
video = wan_i2v.generate(text_prompt, image_prompt)`,
  ];
}

export function univa(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# Follow installation instructions at https://github.com/PKU-YuanGroup/UniWorld-V1
import torch
from transformers import AutoProcessor
from univa.models.qwen2p5vl.modeling_univa_qwen2p5vl import UnivaQwen2p5VLForConditionalGeneration

model = UnivaQwen2p5VLForConditionalGeneration.from_pretrained(
    ${id},
    torch_dtype=torch.bfloat16,
    attn_implementation="flash_attention_2",
).to("cuda")
processor = AutoProcessor.from_pretrained(${id})`,
  ];
}

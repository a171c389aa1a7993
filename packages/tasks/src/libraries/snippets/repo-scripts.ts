// Models run by their own repository's scripts: the snippet clones the code, downloads the weights with the Hub CLI
// (`hf download`) and starts the documented entry point. Grok-1, LivePortrait, Open-Sora, Hallo, Champ, HunyuanDiT,
// ComfyUI.
import type { ModelData } from "../../model-data.js";
import { shWord } from "../../snippets/quote.js";

export function grok(model: ModelData): string[] {
  return [
    `git clone https://github.com/xai-org/grok-1.git && cd grok-1
pip install "huggingface_hub[hf_transfer]"
hf download ${shWord(model.id)} --repo-type model --include "ckpt-0/*" --local-dir checkpoints
pip install -r requirements.txt
python run.py`,
  ];
}

export function liveportrait(model: ModelData): string[] {
  return [
    `git clone https://github.com/KwaiVGI/LivePortrait && cd LivePortrait
pip install -r requirements.txt
hf download ${shWord(model.id)} --local-dir pretrained_weights --exclude "*.git*" "README.md" "docs"
python inference.py`,
  ];
}

export function open_sora(model: ModelData): string[] {
  return [
    `git clone https://github.com/hpcaitech/Open-Sora && cd Open-Sora
pip install -v .
hf download ${shWord(model.id)} --local-dir ./ckpts
torchrun --nproc_per_node 1 --standalone scripts/diffusion/inference.py configs/diffusion/inference/t2i2v_256px.py --save-dir samples --prompt "raining, sea"`,
  ];
}

export function hallo(model: ModelData): string[] {
  return [
    `git clone https://github.com/fudan-generative-vision/hallo && cd hallo
pip install -r requirements.txt && pip install .
hf download ${shWord(model.id)} --local-dir ./pretrained_models
python scripts/inference.py --source_image examples/reference_images/1.jpg --driving_audio examples/driving_audios/1.wav`,
  ];
}

export function champ(model: ModelData): string[] {
  return [
    `git clone https://github.com/fudan-generative-vision/champ && cd champ
pip install -r requirements.txt
hf download ${shWord(model.id)} --local-dir ./pretrained_models
python inference.py --config configs/inference/inference.yaml`,
  ];
}

export function hunyuan_dit(model: ModelData): string[] {
  return [
    `git clone https://github.com/Tencent/HunyuanDiT && cd HunyuanDiT
pip install -r requirements.txt
hf download ${shWord(model.id)} --local-dir ./ckpts
python sample_t2i.py --infer-mode fa --prompt "a cute cat" --no-enhance`,
  ];
}

/** Single-file diffusion checkpoints (ComfyUI, A1111 style) go into the UI's checkpoint folder. */
export function diffusion_single_file(model: ModelData): string[] {
  return [
    `# Download the checkpoint into ComfyUI's model folder, then pick it in a "Load Checkpoint" node
hf download ${shWord(model.id)} --include "*.safetensors" --local-dir ComfyUI/models/checkpoints`,
  ];
}

// 3D generation: MeshAnything, 3DTopia-XL, Hunyuan3D-2, TRELLIS.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";

export function mesh_anything(model: ModelData): string[] {
  return [
    `# Install from https://github.com/buaacyw/MeshAnything.git (run from a clone of the repository)
from huggingface_hub import hf_hub_download
from MeshAnything.models.meshanything import MeshAnything

checkpoint = hf_hub_download(${pyStr(model.id)}, "MeshAnything_350m.pth")

# refer to https://github.com/buaacyw/MeshAnything/blob/main/main.py#L91 on how to define args
# and https://github.com/buaacyw/MeshAnything/blob/main/app.py regarding usage
model = MeshAnything(args)`,
  ];
}

export function threedtopia_xl(model: ModelData): string[] {
  return [
    `# Install from https://github.com/3DTopia/3DTopia-XL (run from a clone of the repository)
from huggingface_hub import snapshot_download

# Download the VAE and diffusion checkpoints into ./pretrained
snapshot_download(${pyStr(model.id)}, local_dir="pretrained")

# Then generate a 3D asset with the repository's inference script:
#   python inference.py ./configs/inference_dit.yml`,
  ];
}

export function hunyuan3d_2(model: ModelData): string[] {
  return [
    `# Install from https://github.com/Tencent/Hunyuan3D-2
from hy3dgen.shapegen import Hunyuan3DDiTFlowMatchingPipeline

pipeline = Hunyuan3DDiTFlowMatchingPipeline.from_pretrained(${pyStr(model.id)})
mesh = pipeline(image="assets/demo.png")[0]
mesh.export("demo.glb")`,
  ];
}

export function trellis(model: ModelData): string[] {
  const text = model.id.toLowerCase().includes("text");
  const id = pyStr(model.id);
  if (text) {
    return [
      `# Install from https://github.com/microsoft/TRELLIS (run from a clone of the repository)
from trellis.pipelines import TrellisTextTo3DPipeline

pipeline = TrellisTextTo3DPipeline.from_pretrained(${id})
pipeline.cuda()

outputs = pipeline.run("A chair looking like an avocado.", seed=1)`,
    ];
  }
  return [
    `# Install from https://github.com/microsoft/TRELLIS (run from a clone of the repository)
from PIL import Image
from trellis.pipelines import TrellisImageTo3DPipeline

pipeline = TrellisImageTo3DPipeline.from_pretrained(${id})
pipeline.cuda()

image = Image.open("assets/example_image/T.png")
outputs = pipeline.run(image, seed=1)`,
  ];
}

// Vision models of the newest catalogue: CollectorVision, COLIPRI, Describe Anything, LVFace, Mobilint, nobg,
// Perception Encoder, RenderFormer, SAM 3D Body / Objects, VideoPrism.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { repoName } from "./model-fields.js";

export function collectorvision(model: ModelData): string[] {
  return [
    "pip install git+https://github.com/HanClinto/CollectorVision huggingface_hub",
    `import collector_vision as cvg
from huggingface_hub import hf_hub_download

checkpoint = hf_hub_download(repo_id=${pyStr(model.id)}, filename="model.onnx")

# For detector models, such as Cornelius
detector = cvg.NeuralCornerDetector(checkpoint)

# For embedder models, such as Milo
embedder = cvg.NeuralEmbedder(checkpoint)`,
  ];
}

export function colipri(model: ModelData): string[] {
  return [
    "pip install colipri",
    `from colipri import ZeroShotImageClassificationPipeline, get_model, get_processor, load_sample_ct

model = get_model().cuda()
processor = get_processor()
pipeline = ZeroShotImageClassificationPipeline(${pyStr(model.id)}, processor)

image = load_sample_ct()
probabilities = pipeline(image, ["No lung nodules", "Lung nodules"])`,
  ];
}

/** Describe Anything loads from a local folder, so the repository is downloaded there first. */
export function describe_anything(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/NVlabs/describe-anything
from dam import DescribeAnythingModel
from huggingface_hub import snapshot_download

snapshot_download(${pyStr(model.id)}, local_dir="checkpoints")

dam = DescribeAnythingModel(
    model_path="checkpoints",
    conv_mode="v1",
    prompt_mode="focal_prompt",
)`,
  ];
}

export function lvface(model: ModelData): string[] {
  return [
    `# Run from a clone of https://github.com/bytedance/LVFace (it provides inference_onnx)
from huggingface_hub import hf_hub_download
from inference_onnx import LVFaceONNXInferencer

model_path = hf_hub_download(${pyStr(model.id)}, "LVFace-L_Glint360K/LVFace-L_Glint360K.onnx")
inferencer = LVFaceONNXInferencer(model_path, use_gpu=True, timeout=300)
feature = inferencer.infer_from_image("path/to/image1.jpg")`,
  ];
}

/** The Mobilint model zoo picks a model by its class name, which is the repository name without the owner. */
export function mobilint(model: ModelData): string[] {
  return [
    `# pip install mblt-model-zoo
from mblt_model_zoo.vision import MBLT_Engine

model = MBLT_Engine(
    model_cls=${pyStr(repoName(model))},
    model_type="DEFAULT",
    model_path="",
    core_mode="global8",
)
try:
    input_img = model.preprocess("path/to/image.jpg")
    output = model(input_img)
    result = model.postprocess(output)
finally:
    model.dispose()`,
  ];
}

export function nobg(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    "pip install nobg",
    `import torch
from loadimg import load_img
from nobg import AutoModel, AutoProcessor

model = AutoModel.from_pretrained(${id}).eval()
processor = AutoProcessor.from_pretrained(${id})

image = load_img("input.jpg", output_type="pil").convert("RGB")
inputs = processor(image)
with torch.no_grad():
    outputs = model(**inputs)
alpha = processor.post_process_alpha_matting(outputs, image)
processor.cutout(image, alpha).save("output.png")`,
  ];
}

/** PE-Core checkpoints are CLIP models as well as vision encoders; the other families are encoders only. */
export function perception_encoder(model: ModelData): string[] {
  const id = pyStr(model.id);
  const encoder = `# Use any PE model as a vision encoder
import core.vision_encoder.pe as pe

model = pe.VisionTransformer.from_config(${id}, pretrained=True)`;
  if (!model.id.includes("Core")) return [encoder];
  return [
    `# Use PE-Core models as CLIP models
import core.vision_encoder.pe as pe

model = pe.CLIP.from_config(${id}, pretrained=True)`,
    encoder,
  ];
}

export function renderformer(model: ModelData): string[] {
  return [
    `# Install from https://github.com/microsoft/renderformer
from renderformer import RenderFormerRenderingPipeline

pipeline = RenderFormerRenderingPipeline.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function sam_3d_body(model: ModelData): string[] {
  return [
    `# Run from a clone of https://github.com/facebookresearch/sam-3d-body
import cv2
from notebook.utils import setup_sam_3d_body
from tools.vis_utils import visualize_sample_together

estimator = setup_sam_3d_body(${pyStr(model.id)})

image = cv2.imread("path/to/image.jpg")
outputs = estimator.process_one_image(image)
rendered = visualize_sample_together(image, outputs, estimator.faces)`,
  ];
}

export function sam_3d_objects(model: ModelData): string[] {
  return [
    `# Run from the notebook folder of a clone of https://github.com/facebookresearch/sam-3d-objects
from huggingface_hub import hf_hub_download
from inference import Inference, load_image, load_single_mask

path = hf_hub_download(${pyStr(model.id)}, "pipeline.yaml")
inference = Inference(path, compile=False)

image = load_image("path_to_image.png")
mask = load_single_mask("path_to_mask.png", index=14)
output = inference(image, mask)`,
  ];
}

export function videoprism(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# Install from https://github.com/google-deepmind/videoprism
import jax
from videoprism import models as vp

flax_model = vp.get_model(${id})
loaded_state = vp.load_pretrained_weights(${id})


@jax.jit
def forward_fn(inputs, train=False):
    return flax_model.apply(loaded_state, inputs, train=train)`,
  ];
}

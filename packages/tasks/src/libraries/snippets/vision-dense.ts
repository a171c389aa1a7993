// Dense-prediction vision models: BiRefNet, BEN2, Depth Anything V2, Depth Pro, SAM 2, MatAnyone, VFIMamba,
// CoTracker.
import type { ModelData } from "../../model-data.js";
import { pyStr, shWord } from "../../snippets/quote.js";

export function birefnet(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# Option 1: use with transformers
from transformers import AutoModelForImageSegmentation

birefnet = AutoModelForImageSegmentation.from_pretrained(${id}, trust_remote_code=True)`,
    `# Option 2: use with BiRefNet
# Install from https://github.com/ZhengPeng7/BiRefNet
from models.birefnet import BiRefNet

model = BiRefNet.from_pretrained(${id})`,
  ];
}

export function ben2(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/PramaLLC/BEN2.git
import requests
import torch
from PIL import Image
from ben2 import BEN_Base

url = "https://huggingface.co/datasets/mishig/sample_images/resolve/main/teapot.jpg"
image = Image.open(requests.get(url, stream=True).raw)

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = BEN_Base.from_pretrained(${pyStr(model.id)})
model.to(device).eval()

foreground = model.inference(image, refine_foreground=False)
foreground.save("foreground.png")`,
  ];
}

/** Depth Anything V2 encoders and their decoder settings, chosen from the size named in the repository id. */
const DEPTH_ANYTHING_ENCODERS = {
  vits: { features: 64, outChannels: "[48, 96, 192, 384]" },
  vitb: { features: 128, outChannels: "[96, 192, 384, 768]" },
  vitl: { features: 256, outChannels: "[256, 512, 1024, 1024]" },
} as const;

export function depth_anything_v2(model: ModelData): string[] {
  const id = model.id.toLowerCase();
  const encoder = id.includes("small") ? "vits" : id.includes("base") ? "vitb" : "vitl";
  const { features, outChannels } = DEPTH_ANYTHING_ENCODERS[encoder];
  return [
    `# Install from https://github.com/DepthAnything/Depth-Anything-V2

# Load the model and infer depth from an image
import cv2
import torch
from huggingface_hub import hf_hub_download

from depth_anything_v2.dpt import DepthAnythingV2

# instantiate the model
model = DepthAnythingV2(encoder="${encoder}", features=${features}, out_channels=${outChannels})

# load the weights
filepath = hf_hub_download(repo_id=${pyStr(model.id)}, filename="depth_anything_v2_${encoder}.pth", repo_type="model")
state_dict = torch.load(filepath, map_location="cpu")
model.load_state_dict(state_dict)
model.eval()

raw_img = cv2.imread("your/image/path")
depth = model.infer_image(raw_img)  # HxW raw depth map in numpy`,
  ];
}

export function depth_pro(model: ModelData): string[] {
  return [
    `# Download the checkpoint
pip install huggingface-hub
hf download ${shWord(model.id)} --local-dir checkpoints`,
    `import depth_pro

# Load model and preprocessing transform
model, transform = depth_pro.create_model_and_transforms()
model.eval()

# Load and preprocess an image.
image, _, f_px = depth_pro.load_rgb("example.png")
image = transform(image)

# Run inference.
prediction = model.infer(image, f_px=f_px)

# Results: 1. Depth in meters
depth = prediction["depth"]
# Results: 2. Focal length in pixels
focallength_px = prediction["focallength_px"]`,
  ];
}

export function sam2(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# Use SAM2 with images
import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

predictor = SAM2ImagePredictor.from_pretrained(${id})

image = np.array(Image.open("image.jpg").convert("RGB"))
with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    predictor.set_image(image)
    masks, scores, logits = predictor.predict(point_coords=np.array([[500, 375]]), point_labels=np.array([1]))`,
    `# Use SAM2 with videos
import numpy as np
import torch
from sam2.sam2_video_predictor import SAM2VideoPredictor

predictor = SAM2VideoPredictor.from_pretrained(${id})

with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16):
    state = predictor.init_state("path/to/video_frames")

    # add new prompts and instantly get the output on the same frame
    frame_idx, object_ids, masks = predictor.add_new_points_or_box(
        state, frame_idx=0, obj_id=1, points=np.array([[210, 350]]), labels=np.array([1])
    )

    # propagate the prompts to get masklets throughout the video
    for frame_idx, object_ids, masks in predictor.propagate_in_video(state):
        print(frame_idx, object_ids)`,
  ];
}

export function matanyone(model: ModelData): string[] {
  const id = pyStr(model.id);
  return [
    `# Install from https://github.com/pq-yang/MatAnyone.git
from matanyone.model.matanyone import MatAnyone

model = MatAnyone.from_pretrained(${id})`,
    `# Or run video matting directly
from matanyone import InferenceCore

processor = InferenceCore(${id})
foreground_path, alpha_path = processor.process_video(
    input_path="inputs/video/test-sample1.mp4",
    mask_path="inputs/mask/test-sample1.png",
    output_path="outputs",
)`,
  ];
}

export function vfimamba(model: ModelData): string[] {
  return [
    `# Install from https://github.com/MCG-NJU/VFIMamba (run from a clone of the repository)
from Trainer_finetune import Model

model = Model.from_pretrained(${pyStr(model.id)})`,
  ];
}

/** CoTracker is loaded through torch.hub, whose entry points fetch the checkpoints hosted on the Hub. */
export function cotracker(): string[] {
  return [
    `import torch

device = "cuda" if torch.cuda.is_available() else "cpu"

# video: a float tensor of shape (batch, frames, 3, height, width) with values in [0, 255]
video = torch.zeros(1, 24, 3, 384, 512, device=device)

cotracker = torch.hub.load("facebookresearch/co-tracker", "cotracker3_offline").to(device)
pred_tracks, pred_visibility = cotracker(video, grid_size=10)  # B T N 2,  B T N 1`,
  ];
}

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "OpenVid-1M: one million high-quality video clips with captions for video generation.",
      id: "nkp37/OpenVid-1M",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street.svg" },
      { type: "text", label: "Prompt", content: "The red car drives away to the right." },
    ],
    outputs: [{ type: "img", filename: "street-frames.svg" }],
  },
  metrics: [
    { description: "Fréchet Video Distance between generated and real videos; lower is better.", id: "fvd" },
    { description: "Similarity of the frames to the prompt in CLIP space.", id: "clip-score" },
  ],
  models: [
    {
      description: "Stable Video Diffusion XT: animates an image into 25 frames.",
      id: "stabilityai/stable-video-diffusion-img2vid-xt",
    },
    {
      description: "Wan 2.1 image-to-video model (14B, 480p) following a text prompt.",
      id: "Wan-AI/Wan2.1-I2V-14B-480P",
    },
    { description: "LTX-Video: fast DiT-based video generation from text and images.", id: "Lightricks/LTX-Video" },
    { description: "CogVideoX 5B image-to-video model.", id: "THUDM/CogVideoX-5b-I2V" },
  ],
  spaces: [],
  summary:
    "Image-to-video models animate a still image into a short video clip, often guided by a text prompt that describes the motion.",
  widgetModels: ["Wan-AI/Wan2.1-I2V-14B-480P"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "OpenVid-1M: one million high-quality video clips with captions for video generation.",
      id: "nkp37/OpenVid-1M",
    },
    {
      description: "WebVid-10M: ten million short stock-footage clips with their text descriptions.",
      id: "TempoFunk/webvid-10M",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street.svg" },
      { type: "text", label: "Prompt", content: "The sun sets and night falls over the quiet street." },
    ],
    outputs: [{ type: "img", filename: "street-dusk-frames.svg" }],
  },
  metrics: [
    { description: "Fréchet Video Distance between generated and real videos; lower is better.", id: "fvd" },
    { description: "Similarity of the frames to the prompt in CLIP space.", id: "clip-score" },
  ],
  models: [
    {
      description: "Wan 2.2 TI2V 5B: one model for text-to-video and image-to-video at 720p.",
      id: "Wan-AI/Wan2.2-TI2V-5B",
    },
    {
      description: "Wan 2.1 image-to-video model (14B, 480p) that follows a text prompt.",
      id: "Wan-AI/Wan2.1-I2V-14B-480P",
    },
    { description: "CogVideoX 5B image-to-video model guided by a prompt.", id: "THUDM/CogVideoX-5b-I2V" },
    { description: "LTX-Video: fast DiT-based video generation from text and images.", id: "Lightricks/LTX-Video" },
  ],
  spaces: [],
  summary:
    "Image-text-to-video models generate a short video from an image and a text prompt: the image fixes the look of the scene and its subject, the prompt says what happens in it.",
  widgetModels: ["Wan-AI/Wan2.2-TI2V-5B"],
};

export default taskData;

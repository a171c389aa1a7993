import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [{ description: "OpenVid-1M: one million captioned high-quality video clips.", id: "nkp37/OpenVid-1M" }],
  demo: {
    inputs: [{ type: "text", label: "Prompt", content: "A red ball bouncing across a wooden floor." }],
    outputs: [{ type: "img", filename: "ball-frames.svg" }],
  },
  metrics: [
    { description: "Fréchet Video Distance between generated and real videos; lower is better.", id: "fvd" },
    { description: "Average CLIP similarity between the prompt and the frames.", id: "clip-score" },
    { description: "Inception Score computed on video features.", id: "inception-score" },
  ],
  models: [
    {
      description: "Wan 2.1 text-to-video model (14B) with high visual quality and motion.",
      id: "Wan-AI/Wan2.1-T2V-14B",
    },
    { description: "HunyuanVideo: 13B open video generation model.", id: "tencent/HunyuanVideo" },
    { description: "LTX-Video: real-time capable video generation.", id: "Lightricks/LTX-Video" },
    { description: "CogVideoX 5B text-to-video model.", id: "THUDM/CogVideoX-5b" },
    { description: "ModelScope's early open text-to-video diffusion model.", id: "ali-vilab/text-to-video-ms-1.7b" },
  ],
  spaces: [
    {
      description: "Generate short clips with the ModelScope text-to-video model.",
      id: "ali-vilab/modelscope-text-to-video-synthesis",
    },
  ],
  summary: "Text-to-video models generate a short video clip from a written description of its content and motion.",
  widgetModels: ["Wan-AI/Wan2.1-T2V-14B"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "OpenVid-1M: one million high-quality video clips with captions, used to train video models.",
      id: "nkp37/OpenVid-1M",
    },
    {
      description: "WebVid-10M: ten million short stock-footage clips with their text descriptions.",
      id: "TempoFunk/webvid-10M",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street-frames.svg" },
      { type: "text", label: "Prompt", content: "The same street at night, with the moon and stars." },
    ],
    outputs: [{ type: "img", filename: "street-night-frames.svg" }],
  },
  metrics: [
    { description: "Fréchet Video Distance between generated and real videos; lower is better.", id: "fvd" },
    { description: "Similarity of the edited frames to the prompt in CLIP space.", id: "clip-score" },
  ],
  models: [
    {
      description: "Wan 2.1 VACE 14B: all-in-one video creation and editing (restyle, inpaint, extend, reference).",
      id: "Wan-AI/Wan2.1-VACE-14B",
    },
    {
      description: "Wan 2.1 VACE 1.3B: the small VACE model, for editing videos on consumer GPUs.",
      id: "Wan-AI/Wan2.1-VACE-1.3B",
    },
    {
      description: "LTX-Video: fast DiT-based video model that also transforms an input video from a prompt.",
      id: "Lightricks/LTX-Video",
    },
    {
      description: "CogVideoX 5B: text-to-video model with a video-to-video pipeline in Diffusers.",
      id: "THUDM/CogVideoX-5b",
    },
  ],
  spaces: [],
  summary:
    "Video-to-video models transform an input video into a new one, for example restyling it, changing the time of day, replacing an object or raising its resolution, while keeping its motion and timing.",
  widgetModels: [],
};

export default taskData;

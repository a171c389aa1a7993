import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "LLaVA-Video-178K: synthetic captions and question-answer pairs for 178,000 videos.",
      id: "lmms-lab/LLaVA-Video-178K",
    },
    {
      description: "Video-MME: multiple-choice questions on short to hour-long videos, a standard benchmark.",
      id: "lmms-lab/Video-MME",
    },
    { description: "MVBench: 20 temporal understanding tasks for video models.", id: "OpenGVLab/MVBench" },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "skipping-frames.svg" },
      { type: "text", label: "Prompt", content: "What is the person doing, and how many jumps happen in the clip?" },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content: "The person is skipping rope: they jump over the rope twice while it swings around them.",
      },
    ],
  },
  metrics: [{ description: "Share of correctly answered questions on video QA benchmarks.", id: "accuracy" }],
  models: [
    {
      description: "Qwen2.5-VL understands videos over an hour long and can locate events in time.",
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
    },
    {
      description: "LLaVA-NeXT-Video: LLaVA extended to video with frame pooling.",
      id: "llava-hf/LLaVA-NeXT-Video-7B-hf",
    },
    { description: "LLaVA-Video trained on LLaVA-Video-178K.", id: "lmms-lab/LLaVA-Video-7B-Qwen2" },
    {
      description: "SmolVLM2: small model for video understanding on laptops and phones.",
      id: "HuggingFaceTB/SmolVLM2-2.2B-Instruct",
    },
  ],
  spaces: [],
  summary:
    "Video-text-to-text models take a video together with a text prompt and answer in text: they describe, summarise and answer questions about what happens in the video over time.",
  widgetModels: ["Qwen/Qwen2.5-VL-7B-Instruct"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Multimodal benchmark of college-level questions that combine images and text across 30 subjects.",
      id: "MMMU/MMMU",
    },
    {
      description: "50 vision-language datasets in one instruction-tuning collection.",
      id: "HuggingFaceM4/the_cauldron",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "park.svg" },
      { type: "text", label: "Prompt", content: "Describe this picture in one sentence and read it aloud." },
    ],
    outputs: [
      {
        type: "text",
        label: "Text",
        content: "A small house stands in a sunny park next to a tree, with a car parked on the road.",
      },
      { type: "audio", filename: "answer.wav" },
    ],
  },
  metrics: [
    { description: "Share of correct answers on multimodal understanding benchmarks.", id: "accuracy" },
    { description: "Word error rate when the model transcribes speech.", id: "wer" },
  ],
  models: [
    {
      description: "Omni model that reads text, images, audio and video and answers in text or natural speech.",
      id: "Qwen/Qwen2.5-Omni-7B",
    },
    {
      description: "Unified model that both understands images and generates them from text.",
      id: "deepseek-ai/Janus-Pro-7B",
    },
    {
      description: "Mixture-of-transformers model for image understanding, generation and editing.",
      id: "ByteDance-Seed/BAGEL-7B-MoT",
    },
  ],
  spaces: [{ description: "Chat with Janus-Pro: ask about an image or generate one.", id: "deepseek-ai/Janus-Pro-7B" }],
  summary:
    "Any-to-any models accept several modalities (text, images, audio, video) as input and can produce several as output, for example answering a spoken question about a photo with speech, or generating an image in a conversation.",
  widgetModels: ["Qwen/Qwen2.5-Omni-7B"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "The Cauldron: 50 vision-language datasets converted to one instruction format.",
      id: "HuggingFaceM4/the_cauldron",
    },
    {
      description: "Docmatix: 2.4 million images with 9.5 million question-answer pairs about documents.",
      id: "HuggingFaceM4/Docmatix",
    },
    {
      description: "MMMU: college-level multimodal questions across 30 subjects, a standard benchmark.",
      id: "MMMU/MMMU",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "chart.svg" },
      {
        type: "text",
        label: "Prompt",
        content: "Which quarter had the highest sales, and by how much did it beat Q1?",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Answer",
        content: "Q3 had the highest sales, 80k, which is 40k more than Q1 (40k).",
      },
    ],
  },
  metrics: [
    { description: "Share of correct answers on multiple-choice and short-answer benchmarks.", id: "accuracy" },
    {
      description: "Average normalised Levenshtein similarity, used for text-heavy answers such as DocVQA.",
      id: "anls",
    },
  ],
  models: [
    {
      description: "Qwen2.5-VL: strong vision-language model for documents, charts, grounding and long videos.",
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
    },
    { description: "Gemma 3 4B: multilingual multimodal model with a 128k context.", id: "google/gemma-3-4b-it" },
    {
      description: "Llama 3.2 Vision: reasons over images with Llama 3.1 8B's language skills.",
      id: "meta-llama/Llama-3.2-11B-Vision-Instruct",
    },
    {
      description: "SmolVLM: a 2B model that runs on a laptop or in the browser.",
      id: "HuggingFaceTB/SmolVLM-Instruct",
    },
    { description: "LLaVA 1.5, the influential open visual instruction-tuned model.", id: "llava-hf/llava-1.5-7b-hf" },
  ],
  spaces: [
    {
      description: "Leaderboard of vision-language models on many benchmarks.",
      id: "opencompass/open_vlm_leaderboard",
    },
    { description: "Chat with SmolVLM about images.", id: "HuggingFaceTB/SmolVLM" },
  ],
  summary:
    "Image-text-to-text models, also called vision-language models (VLMs), take images together with a text prompt and generate text: they describe, answer questions about, read and reason over images in a conversation.",
  widgetModels: ["Qwen/Qwen2.5-VL-7B-Instruct"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "VQAv2: 265,000 images with open-ended questions, each answered by 10 people.",
      id: "lmms-lab/VQAv2",
    },
    { description: "TextVQA: questions that require reading the text in the image.", id: "lmms-lab/textvqa" },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street.svg" },
      { type: "text", label: "Question", content: "What colour is the car?" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "red", score: 0.92 },
          { label: "orange", score: 0.04 },
          { label: "pink", score: 0.02 },
        ],
      },
    ],
  },
  metrics: [
    { description: "VQA accuracy: an answer counts fully if at least 3 of the 10 annotators gave it.", id: "accuracy" },
    { description: "Average normalised Levenshtein similarity, for answers read from text in the image.", id: "anls" },
  ],
  models: [
    {
      description: "ViLT fine-tuned on VQAv2: answers by classifying over 3,129 frequent answers.",
      id: "dandelin/vilt-b32-finetuned-vqa",
    },
    { description: "BLIP fine-tuned for VQA, generating free-form answers.", id: "Salesforce/blip-vqa-base" },
    {
      description: "PaliGemma mix: answers questions, captions and detects objects in many languages.",
      id: "google/paligemma-3b-mix-224",
    },
    {
      description: "General vision-language model that also excels at open-ended VQA.",
      id: "Qwen/Qwen2.5-VL-7B-Instruct",
    },
  ],
  spaces: [],
  summary:
    "Visual question answering (VQA) answers a natural-language question about an image, such as what an object is, its colour, how many there are or what is written on it.",
  widgetModels: ["dandelin/vilt-b32-finetuned-vqa"],
};

export default taskData;

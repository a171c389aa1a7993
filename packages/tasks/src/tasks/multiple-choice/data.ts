import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "MMLU: 57 subjects of four-choice exam questions, from elementary maths to law.", id: "cais/mmlu" },
    { description: "SWAG: choose the most plausible continuation of a video caption among four.", id: "allenai/swag" },
    {
      description: "HellaSwag: harder commonsense sentence completion with adversarial wrong endings.",
      id: "Rowan/hellaswag",
    },
    { description: "ARC: grade-school science questions, in Easy and Challenge sets.", id: "allenai/ai2_arc" },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Question",
        content: "Which gas do plants absorb from the air to perform photosynthesis?",
      },
      { type: "text", label: "Choices", content: "A) Oxygen  B) Carbon dioxide  C) Nitrogen  D) Helium" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "B) Carbon dioxide", score: 0.95 },
          { label: "A) Oxygen", score: 0.03 },
          { label: "C) Nitrogen", score: 0.015 },
          { label: "D) Helium", score: 0.005 },
        ],
      },
    ],
  },
  metrics: [{ description: "Share of questions where the highest-scoring choice is the correct one.", id: "accuracy" }],
  models: [
    {
      description: "BERT base: the usual starting point for fine-tuning a multiple-choice head (e.g. on SWAG).",
      id: "google-bert/bert-base-uncased",
    },
    {
      description: "RoBERTa large: a stronger encoder to fine-tune for multiple choice.",
      id: "FacebookAI/roberta-large",
    },
    {
      description: "Instruction-tuned LLM that answers multiple-choice questions zero-shot, evaluated on MMLU.",
      id: "meta-llama/Llama-3.1-8B-Instruct",
    },
  ],
  spaces: [
    {
      description: "Leaderboard of open LLMs on multiple-choice benchmarks such as MMLU-Pro.",
      id: "open-llm-leaderboard/open_llm_leaderboard",
    },
  ],
  summary:
    "Multiple choice models pick the correct answer among several candidates for a question or a context, by scoring each (question, choice) pair and choosing the highest.",
  widgetModels: [],
};

export default taskData;

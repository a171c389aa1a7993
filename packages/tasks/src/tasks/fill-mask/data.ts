import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Cleaned Wikipedia articles in 300+ languages, a staple of masked language model pre-training.",
      id: "wikimedia/wikipedia",
    },
    {
      description: "Colossal Clean Crawled Corpus (C4), web text used to pre-train T5 and many encoders.",
      id: "allenai/c4",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Input", content: "The goal of life is [MASK]." }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "happiness", score: 0.21 },
          { label: "survival", score: 0.12 },
          { label: "freedom", score: 0.06 },
          { label: "love", score: 0.05 },
          { label: "life", score: 0.04 },
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Perplexity: the exponential of the average negative log-likelihood of the masked tokens; lower is better.",
      id: "perplexity",
    },
    { description: "Share of masked tokens predicted exactly (top-1 accuracy).", id: "accuracy" },
  ],
  models: [
    { description: "BERT base (uncased), the original masked language model.", id: "google-bert/bert-base-uncased" },
    {
      description: "RoBERTa base, BERT trained longer on more data without next-sentence prediction.",
      id: "FacebookAI/roberta-base",
    },
    {
      description:
        "ModernBERT: a faster encoder with an 8,192-token context, trained on 2 trillion tokens including code.",
      id: "answerdotai/ModernBERT-base",
    },
    { description: "Multilingual masked language model for 100 languages.", id: "FacebookAI/xlm-roberta-base" },
  ],
  spaces: [],
  summary:
    "Fill-mask (masked language modelling) predicts the words hidden behind a mask token in a sentence. It is how encoder models like BERT are pre-trained before being fine-tuned for other tasks.",
  widgetModels: ["google-bert/bert-base-uncased"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "MultiNLI: 433,000 sentence pairs labelled entailment, neutral or contradiction.",
      id: "nyu-mll/multi_nli",
    },
    {
      description: "SNLI: 570,000 human-written sentence pairs for natural language inference.",
      id: "stanfordnlp/snli",
    },
    { description: "XNLI: MultiNLI's evaluation data translated into 15 languages.", id: "facebook/xnli" },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Text", content: "I have a problem with my iPhone that needs to be resolved asap!" },
      { type: "text", label: "Candidate labels", content: "urgent, not urgent, phone, tablet, computer" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "urgent", score: 0.52 },
          { label: "phone", score: 0.46 },
          { label: "computer", score: 0.01 },
          { label: "not urgent", score: 0.007 },
          { label: "tablet", score: 0.003 },
        ],
      },
    ],
  },
  metrics: [
    { description: "Share of texts whose highest-scoring candidate label is correct.", id: "accuracy" },
    { description: "Harmonic mean of precision and recall, per label.", id: "f1" },
  ],
  models: [
    {
      description: "BART large trained on MultiNLI, the classic zero-shot classifier.",
      id: "facebook/bart-large-mnli",
    },
    {
      description: "DeBERTa-v3 large trained for zero-shot classification on many NLI and classification datasets.",
      id: "MoritzLaurer/deberta-v3-large-zeroshot-v2.0",
    },
    {
      description: "Multilingual zero-shot classification with XLM-RoBERTa trained on XNLI.",
      id: "joeddav/xlm-roberta-large-xnli",
    },
  ],
  spaces: [],
  summary:
    "Zero-shot classification labels a text with classes given at run time, without training on them: a natural language inference model checks which label best follows from the text.",
  widgetModels: ["facebook/bart-large-mnli"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "SQuAD: 100,000 questions on Wikipedia articles whose answers are spans of the text.",
      id: "rajpurkar/squad",
    },
    {
      description: "SQuAD 2.0 adds 50,000 unanswerable questions, so models must learn to abstain.",
      id: "rajpurkar/squad_v2",
    },
    {
      description: "Natural Questions: real search queries answered from Wikipedia pages.",
      id: "google-research-datasets/natural_questions",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Question", content: "Where was the Eiffel Tower built?" },
      {
        type: "text",
        label: "Context",
        content:
          "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It was built by Gustave Eiffel's company for the 1889 World's Fair.",
      },
    ],
    outputs: [{ type: "text", label: "Answer", content: "the Champ de Mars in Paris" }],
  },
  metrics: [
    {
      description: "Share of predicted answers identical to a reference answer after normalisation.",
      id: "exact_match",
    },
    { description: "Token overlap F1 between the predicted and reference answers.", id: "f1" },
  ],
  models: [
    {
      description: "RoBERTa fine-tuned on SQuAD 2.0: extractive QA that can answer 'no answer'.",
      id: "deepset/roberta-base-squad2",
    },
    {
      description: "Small and fast DistilBERT fine-tuned on SQuAD.",
      id: "distilbert/distilbert-base-cased-distilled-squad",
    },
    { description: "Multilingual extractive QA with XLM-RoBERTa large.", id: "deepset/xlm-roberta-large-squad2" },
  ],
  spaces: [],
  summary:
    "Question answering models answer a question in natural language, most often by extracting the answer span from a given context passage.",
  widgetModels: ["deepset/roberta-base-squad2"],
};

export default taskData;

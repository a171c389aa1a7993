import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "WikiTableQuestions: 22,000 complex questions over Wikipedia tables, often needing aggregation.",
      id: "Stanford/wikitablequestions",
    },
    {
      description: "WikiSQL: 80,000 questions over tables paired with the SQL query that answers them.",
      id: "Salesforce/wikisql",
    },
  ],
  demo: {
    inputs: [
      {
        type: "tabular",
        table: [
          ["Repository", "Stars", "Contributors", "Programming language"],
          ["Transformers", "36542", "651", "Python"],
          ["Datasets", "4512", "77", "Python"],
          ["Tokenizers", "3934", "34", "Rust, Python and NodeJS"],
        ],
      },
      { type: "text", label: "Question", content: "How many stars does the Transformers repository have?" },
    ],
    outputs: [{ type: "text", label: "Answer", content: "36542" }],
  },
  metrics: [
    {
      description:
        "Denotation accuracy: share of questions whose predicted answer (cells or aggregate) equals the reference.",
      id: "accuracy",
    },
  ],
  models: [
    {
      description:
        "TAPAS base fine-tuned on WikiTableQuestions: selects cells and an aggregation (sum, count, average).",
      id: "google/tapas-base-finetuned-wtq",
    },
    { description: "Larger, more accurate TAPAS for WikiTableQuestions.", id: "google/tapas-large-finetuned-wtq" },
    {
      description: "TAPEX: BART pre-trained to execute SQL, fine-tuned to generate answers on WikiTableQuestions.",
      id: "microsoft/tapex-large-finetuned-wtq",
    },
  ],
  spaces: [],
  summary:
    "Table question answering answers a natural-language question using the content of a table, selecting cells and, when needed, aggregating them (sum, count, average).",
  widgetModels: ["google/tapas-base-finetuned-wtq"],
};

export default taskData;

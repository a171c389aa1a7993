import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "WebNLG: sets of DBpedia RDF triples paired with texts that verbalise them.",
      id: "webnlg-challenge/web_nlg",
    },
    {
      description: "DART: structured records from tables and triples paired with descriptive sentences.",
      id: "Yale-LILY/dart",
    },
  ],
  demo: {
    inputs: [
      {
        type: "tabular",
        table: [
          ["Subject", "Predicate", "Object"],
          ["Alan Bean", "occupation", "Test pilot"],
          ["Alan Bean", "mission", "Apollo 12"],
          ["Apollo 12", "operator", "NASA"],
        ],
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Text",
        content: "Alan Bean, a test pilot, flew on Apollo 12, a mission operated by NASA.",
      },
    ],
  },
  metrics: [
    {
      description: "n-gram precision against reference texts; the official WebNLG metric together with METEOR.",
      id: "bleu",
    },
    { description: "METEOR: unigram matching with stems and synonyms.", id: "meteor" },
    { description: "chrF: character n-gram F-score.", id: "chrf" },
  ],
  models: [
    {
      description:
        "FLAN-T5 large: verbalises linearised triples when instructed; fine-tune on WebNLG for best results.",
      id: "google/flan-t5-large",
    },
    {
      description: "Instruction-tuned LLM that turns records given as JSON or triples into fluent text.",
      id: "Qwen/Qwen2.5-7B-Instruct",
    },
  ],
  spaces: [],
  summary:
    "Tabular-to-text generation turns structured records, such as RDF triples (subject, predicate, object) or key–value rows, into fluent sentences that state exactly those facts.",
  widgetModels: ["google/flan-t5-large"],
};

export default taskData;

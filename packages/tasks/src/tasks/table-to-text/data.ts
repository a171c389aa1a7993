import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ToTTo: Wikipedia tables with highlighted cells and a one-sentence description of them.",
      id: "google-research-datasets/totto",
    },
    {
      description: "DART: open-domain structured data records (from tables and triples) paired with sentences.",
      id: "Yale-LILY/dart",
    },
  ],
  demo: {
    inputs: [
      {
        type: "tabular",
        table: [
          ["Year", "Title", "Role", "Notes"],
          ["2016", "Moonlight", "Juan", "Nominated — SAG Award"],
          ["2017", "Hidden Figures", "Colonel Jim Johnson", "Won — SAG Award for Outstanding Cast"],
        ],
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Description",
        content:
          "In 2017, the actor played Colonel Jim Johnson in Hidden Figures, which won the SAG Award for Outstanding Cast.",
      },
    ],
  },
  metrics: [
    { description: "n-gram precision against reference descriptions.", id: "bleu" },
    {
      description:
        "PARENT: rewards n-grams supported by the table as well as by the reference, penalising hallucinations.",
      id: "parent",
    },
    { description: "BLEURT: a learned metric of fluency and meaning preservation.", id: "bleurt" },
  ],
  models: [
    {
      description:
        "FLAN-T5 large: follows instructions to describe a linearised table; fine-tune it on ToTTo for best results.",
      id: "google/flan-t5-large",
    },
    {
      description: "Instruction-tuned LLM that writes descriptions of tables given in Markdown or JSON.",
      id: "Qwen/Qwen2.5-7B-Instruct",
    },
  ],
  spaces: [],
  summary:
    "Table-to-text generation writes a fluent natural-language description of the content of a table, or of selected cells, such as a sentence summarising a sports result or a company's figures.",
  widgetModels: ["google/flan-t5-large"],
};

export default taskData;

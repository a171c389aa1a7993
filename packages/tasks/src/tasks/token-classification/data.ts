import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "CoNLL-2003: English news annotated with persons, organisations, locations and miscellaneous entities.",
      id: "eriktks/conll2003",
    },
    {
      description: "WikiANN: named entities (person, organisation, location) in 176 languages.",
      id: "unimelb-nlp/wikiann",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Input",
        content: "Marie Curie joined the University of Paris in 1906 and later founded the Radium Institute in France.",
      },
    ],
    outputs: [
      {
        type: "text-with-tokens",
        text: "Marie Curie joined the University of Paris in 1906 and later founded the Radium Institute in France.",
        tokens: [
          { start: 0, end: 11, type: "PER" },
          { start: 23, end: 42, type: "ORG" },
          { start: 73, end: 89, type: "ORG" },
          { start: 93, end: 99, type: "LOC" },
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Entity-level precision, recall and F1 computed with seqeval: an entity counts only if its span and type are exact.",
      id: "seqeval",
    },
    { description: "Entity-level F1 score, the headline number of NER benchmarks.", id: "f1" },
    { description: "Token-level accuracy, common for part-of-speech tagging.", id: "accuracy" },
  ],
  models: [
    {
      description:
        "BERT fine-tuned on CoNLL-2003 to recognise persons, organisations, locations and miscellaneous entities.",
      id: "dslim/bert-base-NER",
    },
    {
      description: "Multilingual XLM-RoBERTa large fine-tuned on English CoNLL-2003 NER.",
      id: "FacebookAI/xlm-roberta-large-finetuned-conll03-english",
    },
    {
      description: "GLiNER: extracts entities of any type given as labels at inference time.",
      id: "urchade/gliner_multi-v2.1",
    },
    { description: "Part-of-speech tagging with BERT.", id: "vblagoje/bert-english-uncased-finetuned-pos" },
    { description: "Flair's large English NER model.", id: "flair/ner-english-large" },
  ],
  spaces: [],
  summary:
    "Token classification assigns a label to each word or token of a text. Named entity recognition (people, places, organisations) and part-of-speech tagging are the best-known examples.",
  widgetModels: ["dslim/bert-base-NER"],
};

export default taskData;

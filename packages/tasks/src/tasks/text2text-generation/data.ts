import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "C4: the Colossal Clean Crawled Corpus used to pre-train T5.", id: "allenai/c4" },
    {
      description: "P3: prompted versions of 170+ English NLP datasets, used to train T0 for zero-shot generalisation.",
      id: "bigscience/P3",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Input",
        content: "Fix the grammar: She don't like going to school on mondays.",
      },
    ],
    outputs: [{ type: "text", label: "Output", content: "She doesn't like going to school on Mondays." }],
  },
  metrics: [
    { description: "n-gram precision against reference outputs (translation-style tasks).", id: "bleu" },
    {
      description: "n-gram and longest-common-subsequence overlap with references (summarisation-style tasks).",
      id: "rouge",
    },
    { description: "Share of outputs identical to the reference (short-answer tasks).", id: "exact_match" },
  ],
  models: [
    {
      description: "FLAN-T5 base: T5 instruction-tuned on more than 1,000 tasks; follows plain-language instructions.",
      id: "google/flan-t5-base",
    },
    {
      description:
        "The original T5 base, trained with task prefixes such as 'summarize:' or 'translate English to German:'.",
      id: "google-t5/t5-base",
    },
    {
      description: "BART large, a denoising sequence-to-sequence model to fine-tune for generation tasks.",
      id: "facebook/bart-large",
    },
    {
      description: "CoEdIT: T5 fine-tuned for text editing instructions (grammar, simplification, paraphrase).",
      id: "grammarly/coedit-large",
    },
  ],
  spaces: [],
  summary:
    "Text2text generation maps an input text to an output text with an encoder-decoder model: translation, summarisation, paraphrasing, grammar correction and answering questions are all cast this way.",
  widgetModels: ["google/flan-t5-base"],
};

export default taskData;

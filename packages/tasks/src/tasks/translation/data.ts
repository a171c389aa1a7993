import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "WMT14: news translation benchmark, including English–German and English–French.", id: "wmt/wmt14" },
    {
      description: "OPUS-100: English paired with 99 languages, one million sentence pairs per direction at most.",
      id: "Helsinki-NLP/opus-100",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Input (English)", content: "My name is Omar and I live in Zürich." }],
    outputs: [{ type: "text", label: "Output (German)", content: "Mein Name ist Omar und ich wohne in Zürich." }],
  },
  metrics: [
    {
      description: "BLEU computed with SacreBLEU's standard tokenisation, so scores are comparable between papers.",
      id: "sacrebleu",
    },
    { description: "chrF: character n-gram F-score, robust for morphologically rich languages.", id: "chrf" },
    { description: "COMET: a neural metric trained to predict human judgements of translation quality.", id: "comet" },
  ],
  models: [
    {
      description: "NLLB-200 distilled: translation between 200 languages, including many low-resource ones.",
      id: "facebook/nllb-200-distilled-600M",
    },
    { description: "Small, fast MarianMT model for English to French.", id: "Helsinki-NLP/opus-mt-en-fr" },
    { description: "M2M100: direct translation between any pair of 100 languages.", id: "facebook/m2m100_418M" },
    {
      description: "T5 base: translates between English, French, German and Romanian with a task prefix.",
      id: "google-t5/t5-base",
    },
  ],
  spaces: [
    {
      description: "Translate text and speech between about 100 languages with SeamlessM4T v2.",
      id: "facebook/seamless-m4t-v2-large",
    },
  ],
  summary: "Translation converts text from one language to another while preserving its meaning.",
  widgetModels: ["facebook/nllb-200-distilled-600M"],
  canonicalId: "text2text-generation",
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "CNN/DailyMail: 300,000 news articles with bullet-point highlights.", id: "abisee/cnn_dailymail" },
    { description: "XSum: BBC articles with a single-sentence extreme summary.", id: "EdinburghNLP/xsum" },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Input",
        content:
          "The tower is 324 metres (1,063 ft) tall, about the same height as an 81-storey building, and the tallest structure in Paris. Its base is square, measuring 125 metres (410 ft) on each side. During its construction, the Eiffel Tower surpassed the Washington Monument to become the tallest man-made structure in the world, a title it held for 41 years until the Chrysler Building in New York City was finished in 1930.",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Output",
        content:
          "The Eiffel Tower is 324 metres tall, the tallest structure in Paris; it was the world's tallest man-made structure for 41 years, until the Chrysler Building was finished in 1930.",
      },
    ],
  },
  metrics: [
    {
      description:
        "ROUGE: n-gram (ROUGE-1, ROUGE-2) and longest-common-subsequence (ROUGE-L) overlap with reference summaries.",
      id: "rouge",
    },
    {
      description: "BERTScore: similarity of contextual embeddings of the summary and the reference.",
      id: "bertscore",
    },
  ],
  models: [
    { description: "BART large fine-tuned on CNN/DailyMail news summarisation.", id: "facebook/bart-large-cnn" },
    { description: "PEGASUS fine-tuned for one-sentence summaries (XSum).", id: "google/pegasus-xsum" },
    { description: "BART fine-tuned to summarise conversations (SAMSum).", id: "philschmid/bart-large-cnn-samsum" },
  ],
  spaces: [],
  summary:
    "Summarization produces a shorter version of a document that keeps its important information, either by selecting sentences (extractive) or by writing new text (abstractive).",
  widgetModels: ["facebook/bart-large-cnn"],
  canonicalId: "text2text-generation",
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ViDoRe benchmark subset: queries and page images from DocVQA for retrieval evaluation.",
      id: "vidore/docvqa_test_subsampled",
    },
    { description: "Query–page pairs used to train ColPali.", id: "vidore/colpali_train_set" },
  ],
  demo: {
    inputs: [{ type: "text", label: "Query", content: "quarterly sales growth in 2024" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Page 12 — Sales by quarter (chart)", score: 0.87 },
          { label: "Page 3 — Executive summary", score: 0.61 },
          { label: "Page 27 — Invoice appendix", score: 0.18 },
        ],
      },
      { type: "img", filename: "chart.svg" },
    ],
  },
  metrics: [
    {
      description: "Normalised discounted cumulative gain at 5: rewards relevant pages ranked near the top.",
      id: "ndcg",
    },
    { description: "Share of queries whose relevant page is among the top k results.", id: "recall" },
  ],
  models: [
    {
      description: "ColPali: PaliGemma-based late-interaction retriever that embeds page images directly.",
      id: "vidore/colpali-v1.3",
    },
    { description: "ColQwen2: ColPali-style retriever built on Qwen2-VL.", id: "vidore/colqwen2-v1.0" },
    {
      description: "Multimodal, multilingual embeddings for text, images and visually rich documents.",
      id: "jinaai/jina-embeddings-v4",
    },
  ],
  spaces: [
    { description: "Leaderboard of visual document retrieval models on ViDoRe.", id: "vidore/vidore-leaderboard" },
  ],
  summary:
    "Visual document retrieval finds the document pages (as images) that answer a text query, without OCR: pages are embedded from their screenshots, so tables, charts and layout count too.",
  widgetModels: [],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "STS Benchmark: sentence pairs with human similarity scores from 0 to 5.",
      id: "sentence-transformers/stsb",
    },
    {
      description: "All NLI: SNLI and MultiNLI as (anchor, positive, negative) triplets for training embedding models.",
      id: "sentence-transformers/all-nli",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Source sentence", content: "Machine learning is so easy." },
      { type: "text", label: "Sentence to compare to", content: "Deep learning is so straightforward." },
      { type: "text", label: "Sentence to compare to", content: "This is so difficult, like rocket science." },
      { type: "text", label: "Sentence to compare to", content: "I can't believe how much I struggled with this." },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Deep learning is so straightforward.", score: 0.75 },
          { label: "This is so difficult, like rocket science.", score: 0.29 },
          { label: "I can't believe how much I struggled with this.", score: 0.12 },
        ],
      },
    ],
  },
  metrics: [
    {
      description: "Spearman rank correlation between cosine similarities and human similarity scores (STS).",
      id: "spearmanr",
    },
    { description: "Pearson correlation between predicted and human similarity scores.", id: "pearsonr" },
  ],
  models: [
    {
      description: "Small, fast English sentence embedding model, a popular default.",
      id: "sentence-transformers/all-MiniLM-L6-v2",
    },
    {
      description: "Higher-quality English sentence embeddings with MPNet.",
      id: "sentence-transformers/all-mpnet-base-v2",
    },
    { description: "BGE large English embeddings, strong on retrieval and similarity.", id: "BAAI/bge-large-en-v1.5" },
    {
      description: "Multilingual dense, sparse and multi-vector embeddings with an 8,192-token context.",
      id: "BAAI/bge-m3",
    },
  ],
  spaces: [{ description: "Massive Text Embedding Benchmark leaderboard.", id: "mteb/leaderboard" }],
  summary:
    "Sentence similarity measures how close two texts are in meaning: each text is turned into an embedding vector and the vectors are compared, usually with cosine similarity.",
  widgetModels: ["sentence-transformers/all-MiniLM-L6-v2"],
};

export default taskData;

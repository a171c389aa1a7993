import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "MS MARCO: a million real search queries with relevant passages, the main training set for retrieval embeddings.",
      id: "microsoft/ms_marco",
    },
    {
      description: "All NLI as (anchor, positive, negative) triplets for contrastive training of embedding models.",
      id: "sentence-transformers/all-nli",
    },
  ],
  demo: {
    inputs: [{ type: "text", label: "Input", content: "Transformers turn text into numbers." }],
    outputs: [
      {
        type: "tabular",
        table: [
          ["Dimension 1", "Dimension 2", "Dimension 3", "…", "Dimension 384"],
          ["-0.0412", "0.0837", "0.0215", "…", "-0.0093"],
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Spearman correlation between embedding similarities and human judgements (semantic textual similarity).",
      id: "spearmanr",
    },
    { description: "nDCG@10 of retrieval using the embeddings, the main retrieval score of MTEB.", id: "ndcg" },
  ],
  models: [
    {
      description: "Compact English embedding model (384 dimensions), fast on CPU.",
      id: "sentence-transformers/all-MiniLM-L6-v2",
    },
    { description: "Multilingual embeddings supporting dense, sparse and multi-vector retrieval.", id: "BAAI/bge-m3" },
    { description: "Multilingual E5 large embeddings for 100 languages.", id: "intfloat/multilingual-e5-large" },
    {
      description: "Long-context (8,192 tokens) English embeddings with Matryoshka dimensions.",
      id: "nomic-ai/nomic-embed-text-v1.5",
    },
    {
      description: "Qwen3 embedding model with instruction-aware, multilingual embeddings.",
      id: "Qwen/Qwen3-Embedding-0.6B",
    },
  ],
  spaces: [{ description: "Massive Text Embedding Benchmark leaderboard.", id: "mteb/leaderboard" }],
  summary:
    "Feature extraction turns a text into a vector of numbers (an embedding, or one vector per token) that captures its meaning, for use in search, clustering, classification or retrieval-augmented generation.",
  widgetModels: ["sentence-transformers/all-MiniLM-L6-v2"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "MS MARCO: real Bing queries with relevant passages, the main training set for rerankers.",
      id: "microsoft/ms_marco",
    },
    {
      description: "NFCorpus from the BEIR benchmark: medical queries and documents for zero-shot ranking evaluation.",
      id: "BeIR/nfcorpus",
    },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Query", content: "How many people live in Berlin?" },
      {
        type: "text",
        label: "Passage",
        content: "Berlin has a population of 3,520,031 registered inhabitants in an area of 891.82 square kilometers.",
      },
      { type: "text", label: "Passage", content: "Berlin is well known for its museums." },
      {
        type: "text",
        label: "Passage",
        content: "The city of Paris had a population of 2,165,423 people within its administrative limits.",
      },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "Berlin has a population of 3,520,031 registered inhabitants…", score: 0.98 },
          { label: "The city of Paris had a population of 2,165,423 people…", score: 0.07 },
          { label: "Berlin is well known for its museums.", score: 0.02 },
        ],
      },
    ],
  },
  metrics: [
    {
      description: "Normalised discounted cumulative gain at k: rewards relevant documents placed near the top.",
      id: "ndcg",
    },
    { description: "Mean reciprocal rank of the first relevant document.", id: "mrr" },
    { description: "Mean average precision over queries.", id: "map" },
  ],
  models: [
    { description: "Small, fast cross-encoder trained on MS MARCO.", id: "cross-encoder/ms-marco-MiniLM-L6-v2" },
    { description: "BGE multilingual reranker based on BGE-M3.", id: "BAAI/bge-reranker-v2-m3" },
    { description: "mixedbread's large English reranker.", id: "mixedbread-ai/mxbai-rerank-large-v1" },
    {
      description: "Qwen3 reranker: multilingual, instruction-aware relevance scoring.",
      id: "Qwen/Qwen3-Reranker-0.6B",
    },
  ],
  spaces: [{ description: "MTEB leaderboard, including reranking tasks.", id: "mteb/leaderboard" }],
  summary:
    "Text ranking (reranking) scores how relevant each candidate text is to a query and sorts the candidates. Cross-encoders read the query and the text together, which makes them more accurate than embedding similarity.",
  widgetModels: ["BAAI/bge-reranker-v2-m3"],
};

export default taskData;

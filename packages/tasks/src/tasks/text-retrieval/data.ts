import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "MS MARCO: a million real search queries with relevant passages from 8.8 million web passages.",
      id: "microsoft/ms_marco",
    },
    {
      description: "Natural Questions corpus from the BEIR benchmark, for zero-shot retrieval evaluation.",
      id: "BeIR/nq",
    },
    { description: "SciFact from BEIR: scientific claims to verify against research abstracts.", id: "BeIR/scifact" },
  ],
  demo: {
    inputs: [{ type: "text", label: "Query", content: "what causes the northern lights" }],
    outputs: [
      {
        type: "tabular",
        table: [
          ["Rank", "Document", "Score"],
          [
            "1",
            "Auroras are caused by charged particles from the Sun colliding with gases in Earth's upper atmosphere.",
            "0.82",
          ],
          ["2", "The aurora borealis is best seen near the Arctic Circle during long winter nights.", "0.71"],
          ["3", "Solar flares can disrupt radio communication and satellites.", "0.48"],
        ],
      },
    ],
  },
  metrics: [
    { description: "nDCG@10: quality of the top-10 ranking, the main score of the BEIR benchmark.", id: "ndcg" },
    { description: "Recall@k: share of relevant documents found in the top k results.", id: "recall" },
    { description: "Mean reciprocal rank of the first relevant document (MS MARCO uses MRR@10).", id: "mrr" },
  ],
  models: [
    { description: "BGE-M3: multilingual dense, sparse and multi-vector retrieval in one model.", id: "BAAI/bge-m3" },
    {
      description: "E5 large v2 English retrieval embeddings (prefix inputs with 'query: ' and 'passage: ').",
      id: "intfloat/e5-large-v2",
    },
    { description: "ColBERTv2: late-interaction retrieval with one vector per token.", id: "colbert-ir/colbertv2.0" },
    {
      description: "SPLADE: learned sparse retrieval that works with inverted indexes.",
      id: "naver/splade-cocondenser-ensembledistil",
    },
  ],
  spaces: [{ description: "MTEB leaderboard with retrieval scores for embedding models.", id: "mteb/leaderboard" }],
  summary:
    "Text retrieval finds, in a large collection of documents, the ones relevant to a query. Modern systems embed queries and documents and search by vector similarity, often combined with keyword search and a reranker.",
  widgetModels: [],
};

export default taskData;

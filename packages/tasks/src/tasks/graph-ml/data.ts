import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ogbg-molhiv: 41,000 molecular graphs labelled with whether they inhibit HIV replication.",
      id: "OGB/ogbg-molhiv",
    },
    {
      description: "ZINC: molecular graphs with a constrained solubility value to regress.",
      id: "graphs-datasets/ZINC",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "molecule-graph.svg" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "does not inhibit HIV", score: 0.93 },
          { label: "inhibits HIV", score: 0.07 },
        ],
      },
    ],
  },
  metrics: [
    { description: "Area under the ROC curve, the official metric of ogbg-molhiv.", id: "roc_auc" },
    { description: "Mean absolute error for graph regression such as ZINC.", id: "mae" },
    { description: "Share of correctly classified nodes or graphs.", id: "accuracy" },
  ],
  models: [
    {
      description:
        "Graphormer pre-trained on the PCQM4M-LSC quantum chemistry graphs, to fine-tune on molecular property prediction.",
      id: "clefourrier/graphormer-base-pcqm4mv2",
    },
  ],
  spaces: [],
  summary:
    "Graph machine learning makes predictions on data structured as graphs of nodes and edges: properties of whole graphs such as molecules, labels of nodes in a network, or missing links between nodes.",
  widgetModels: [],
};

export default taskData;

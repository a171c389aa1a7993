import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Iris: 150 flowers described by four measurements, labelled with one of three species.",
      id: "scikit-learn/iris",
    },
    {
      description: "Adult census income: predict whether a person earns more than $50k a year from census attributes.",
      id: "scikit-learn/adult-census-income",
    },
    {
      description: "Curated classification and regression tables used to benchmark tree models against deep learning.",
      id: "inria-soda/tabular-benchmark",
    },
  ],
  demo: {
    inputs: [
      {
        type: "tabular",
        table: [
          ["Sepal length (cm)", "Sepal width (cm)", "Petal length (cm)", "Petal width (cm)"],
          ["5.1", "3.5", "1.4", "0.2"],
          ["6.4", "3.2", "4.5", "1.5"],
          ["6.3", "3.3", "6.0", "2.5"],
        ],
      },
    ],
    outputs: [
      {
        type: "tabular",
        table: [["Species"], ["setosa"], ["versicolor"], ["virginica"]],
      },
    ],
  },
  metrics: [
    { description: "Share of rows whose predicted class is correct.", id: "accuracy" },
    { description: "Harmonic mean of precision and recall, preferred when classes are imbalanced.", id: "f1" },
    {
      description: "Area under the ROC curve: how well predicted probabilities rank positives above negatives.",
      id: "roc_auc",
    },
  ],
  models: [
    {
      description: "scikit-learn pipeline predicting wine quality from physico-chemical measurements.",
      id: "julien-c/wine-quality",
    },
    {
      description:
        "TabPFN v2: a pre-trained transformer that classifies small tables in one forward pass, without tuning.",
      id: "Prior-Labs/TabPFN-v2-clf",
    },
    {
      description: "TabPFNMix classifier from AutoGluon, pre-trained on synthetic tables.",
      id: "autogluon/tabpfn-mix-1.0-classifier",
    },
  ],
  spaces: [],
  summary:
    "Tabular classification predicts a category for each row of a table from the values in its columns, for example whether a customer will churn or which species a flower belongs to.",
  widgetModels: ["julien-c/wine-quality"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Curated regression and classification tables used to benchmark tabular learning methods.",
      id: "inria-soda/tabular-benchmark",
    },
  ],
  demo: {
    inputs: [
      {
        type: "tabular",
        table: [
          ["Species", "Length (cm)", "Height (cm)", "Width (cm)"],
          ["Bream", "25.4", "11.52", "4.02"],
          ["Perch", "22.0", "5.52", "3.99"],
          ["Pike", "45.0", "7.28", "4.32"],
        ],
      },
    ],
    outputs: [
      {
        type: "tabular",
        table: [["Predicted weight (g)"], ["288.1"], ["135.6"], ["512.4"]],
      },
    ],
  },
  metrics: [
    { description: "Mean squared error between predictions and true values; penalises large errors.", id: "mse" },
    { description: "Mean absolute error, in the unit of the target.", id: "mae" },
    {
      description: "Coefficient of determination: share of the target's variance explained by the model.",
      id: "r_squared",
    },
  ],
  models: [
    {
      description: "TabPFN v2 regressor: strong predictions on small tables in one forward pass.",
      id: "Prior-Labs/TabPFN-v2-reg",
    },
    {
      description: "TabPFNMix regressor from AutoGluon, pre-trained on synthetic tables.",
      id: "autogluon/tabpfn-mix-1.0-regressor",
    },
  ],
  spaces: [],
  summary:
    "Tabular regression predicts a continuous number for each row of a table from its other columns, for example a house price, a delivery time or a fish's weight.",
  widgetModels: ["Prior-Labs/TabPFN-v2-reg"],
};

export default taskData;

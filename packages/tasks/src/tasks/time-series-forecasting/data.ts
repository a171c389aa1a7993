import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Time series datasets (energy, traffic, retail, weather…) used to train and evaluate Chronos.",
      id: "autogluon/chronos_datasets",
    },
    {
      description: "GIFT-Eval: a benchmark of 97 forecasting configurations across domains and frequencies.",
      id: "Salesforce/GiftEval",
    },
  ],
  demo: {
    inputs: [
      {
        type: "tabular",
        table: [
          ["Month", "Passengers (thousands)"],
          ["2024-01", "112"],
          ["2024-02", "118"],
          ["2024-03", "132"],
          ["2024-04", "129"],
          ["2024-05", "121"],
          ["2024-06", "135"],
        ],
      },
    ],
    outputs: [
      {
        type: "tabular",
        table: [
          ["Month", "Forecast (median)", "10% quantile", "90% quantile"],
          ["2024-07", "141", "131", "152"],
          ["2024-08", "143", "130", "157"],
          ["2024-09", "137", "122", "153"],
        ],
      },
      { type: "img", filename: "forecast.svg" },
    ],
  },
  metrics: [
    {
      description:
        "Mean absolute scaled error: error relative to a seasonal naive forecast; below 1 beats the baseline.",
      id: "mase",
    },
    { description: "Symmetric mean absolute percentage error.", id: "smape" },
    { description: "Weighted quantile loss: evaluates probabilistic forecasts across quantiles.", id: "wql" },
  ],
  models: [
    {
      description: "Chronos-Bolt: fast pre-trained forecasting model for zero-shot probabilistic forecasts.",
      id: "amazon/chronos-bolt-base",
    },
    {
      description: "Chronos T5: tokenises values and forecasts them with a language-model architecture.",
      id: "amazon/chronos-t5-small",
    },
    {
      description: "TimesFM 2.0: Google's decoder-only forecasting foundation model.",
      id: "google/timesfm-2.0-500m-pytorch",
    },
    {
      description: "Tiny Time Mixers: compact IBM forecasting models that run on CPU.",
      id: "ibm-granite/granite-timeseries-ttm-r2",
    },
    {
      description: "Moirai: universal forecasting transformer for any frequency and number of variables.",
      id: "Salesforce/moirai-1.1-R-large",
    },
  ],
  spaces: [{ description: "GIFT-Eval leaderboard comparing forecasting models.", id: "Salesforce/GIFT-Eval" }],
  summary:
    "Time series forecasting predicts the future values of one or several series (sales, energy demand, traffic) from their past, often as a range of likely values rather than a single number.",
  widgetModels: [],
};

export default taskData;

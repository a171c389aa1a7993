import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "FineWeb: 15 trillion tokens of cleaned web text, a common pre-training corpus for foundation models.",
      id: "HuggingFaceFW/fineweb",
    },
    {
      description: "The Stack: permissively licensed source code in 300+ languages, used to pre-train code models.",
      id: "bigcode/the-stack",
    },
  ],
  demo: {
    inputs: [
      {
        type: "text",
        label: "Protein sequence",
        content: "MKTVRQERLKSIVRILERSKEPVSGAQLAEELSVSRQVIVQDIAYLRSLGYNIVATPRGYVLAGG",
      },
    ],
    outputs: [
      {
        type: "text",
        label: "Predicted structure (PDB, first atoms)",
        content:
          "ATOM      1  N   MET A   1     -12.011   3.402  -8.117  1.00 71.25           N\nATOM      2  CA  MET A   1     -11.094   2.289  -7.868  1.00 72.88           C",
      },
    ],
  },
  metrics: [],
  models: [
    {
      description: "ESMFold: predicts a protein's 3D structure from its amino-acid sequence.",
      id: "facebook/esmfold_v1",
    },
    {
      description: "Aurora: foundation model of the atmosphere for weather and air-quality forecasting.",
      id: "microsoft/aurora",
    },
  ],
  spaces: [],
  summary:
    "Other groups models whose task fits none of the listed types, such as protein structure prediction or weather simulation; each model card explains its inputs and outputs.",
  widgetModels: [],
};

export default taskData;

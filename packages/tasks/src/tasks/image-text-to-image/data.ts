import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "InstructPix2Pix training data: image pairs before and after an edit, with the written instruction.",
      id: "timbrooks/instructpix2pix-clip-filtered",
    },
    {
      description: "MagicBrush: about 10,000 manually annotated real-image edits with instructions and masks.",
      id: "osunlp/MagicBrush",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street.svg" },
      { type: "text", label: "Instruction", content: "Make it a snowy winter day." },
    ],
    outputs: [{ type: "img", filename: "street-snow.svg" }],
  },
  metrics: [
    {
      description: "CLIP score: similarity between the instruction (or target caption) and the edited image.",
      id: "clip-score",
    },
    {
      description: "LPIPS perceptual distance to the input; low values mean the unedited parts were preserved.",
      id: "lpips",
    },
    {
      description: "Fréchet Inception Distance between edited and real images; lower means more realistic.",
      id: "fid",
    },
  ],
  models: [
    {
      description: "FLUX.1 Kontext [dev]: 12B model that edits an image following a text instruction.",
      id: "black-forest-labs/FLUX.1-Kontext-dev",
    },
    {
      description: "Qwen-Image-Edit: instruction-based editing built on Qwen-Image, strong at editing text in images.",
      id: "Qwen/Qwen-Image-Edit",
    },
    {
      description: "InstructPix2Pix: the first widely used instruction-following image editor, on Stable Diffusion.",
      id: "timbrooks/instruct-pix2pix",
    },
  ],
  spaces: [],
  summary:
    "Image-text-to-image models take one or more images and a text instruction and generate a new image: an edit of the input (change the weather, replace an object, restyle it) or a new scene that keeps its subject.",
  widgetModels: ["black-forest-labs/FLUX.1-Kontext-dev"],
};

export default taskData;

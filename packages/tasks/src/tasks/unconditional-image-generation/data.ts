import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "1,000 butterfly images from the Smithsonian collections, used in the diffusion training tutorial.",
      id: "huggan/smithsonian_butterflies_subset",
    },
    { description: "60,000 32×32 images in 10 classes, the classic generative benchmark.", id: "uoft-cs/cifar10" },
  ],
  demo: {
    inputs: [
      { type: "text", label: "Seed", content: "42" },
      { type: "text", label: "Number of images", content: "1" },
    ],
    outputs: [{ type: "img", filename: "butterfly.svg" }],
  },
  metrics: [
    { description: "Fréchet Inception Distance between generated and training images; lower is better.", id: "fid" },
    { description: "Inception Score: rewards recognisable and diverse samples.", id: "inception-score" },
  ],
  models: [
    {
      description: "Denoising diffusion probabilistic model (DDPM) trained on CIFAR-10.",
      id: "google/ddpm-cifar10-32",
    },
    { description: "DDPM trained on 256×256 celebrity faces (CelebA-HQ).", id: "google/ddpm-celebahq-256" },
    { description: "DDPM trained on LSUN church images.", id: "google/ddpm-church-256" },
    { description: "Latent diffusion model for faces, faster than pixel-space DDPM.", id: "CompVis/ldm-celebahq-256" },
  ],
  spaces: [],
  summary:
    "Unconditional image generation produces new images that look like those of the training set, starting from random noise and without any prompt.",
  widgetModels: ["google/ddpm-celebahq-256"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Image editing triplets (input image, instruction, edited image) used to train InstructPix2Pix.",
      id: "timbrooks/instructpix2pix-clip-filtered",
    },
    {
      description: "DIV2K: 1,000 diverse 2K images with downscaled versions, the reference super-resolution benchmark.",
      id: "eugenesiow/Div2k",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street.svg" },
      { type: "text", label: "Instruction", content: "Make it night time." },
    ],
    outputs: [{ type: "img", filename: "street-night.svg" }],
  },
  metrics: [
    {
      description: "Peak signal-to-noise ratio against a reference image, in dB (restoration and super-resolution).",
      id: "psnr",
    },
    {
      description: "Structural similarity index: compares luminance, contrast and structure with the reference.",
      id: "ssim",
    },
    {
      description: "Learned perceptual image patch similarity: distance in deep features, closer to human judgement.",
      id: "lpips",
    },
    { description: "Fréchet Inception Distance between edited and real images, for generative editing.", id: "fid" },
  ],
  models: [
    { description: "Edits an image following a written instruction.", id: "timbrooks/instruct-pix2pix" },
    {
      description: "FLUX.1 Kontext: high-quality instruction-based editing that keeps characters and style consistent.",
      id: "black-forest-labs/FLUX.1-Kontext-dev",
    },
    {
      description: "ControlNet that generates an image following the edges of a Canny edge map.",
      id: "lllyasviel/sd-controlnet-canny",
    },
    { description: "Swin2SR: doubles the resolution of an image.", id: "caidas/swin2SR-classical-sr-x2-64" },
    {
      description: "SDXL refiner, used to add detail to an image through image-to-image diffusion.",
      id: "stabilityai/stable-diffusion-xl-refiner-1.0",
    },
  ],
  spaces: [
    { description: "Edit images with text instructions using InstructPix2Pix.", id: "timbrooks/instruct-pix2pix" },
    { description: "Upscale and enhance images.", id: "finegrain/finegrain-image-enhancer" },
  ],
  summary:
    "Image-to-image models transform an input image into a new one: editing it from an instruction, changing its style, restoring, colourising or upscaling it, or generating a picture that follows its layout.",
  widgetModels: ["timbrooks/instruct-pix2pix"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ImageNet-1k validation set, the standard zero-shot benchmark (using the class names as prompts).",
      id: "ILSVRC/imagenet-1k",
    },
    { description: "60,000 small images in 100 fine-grained classes.", id: "uoft-cs/cifar100" },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "cat.svg" },
      { type: "text", label: "Candidate labels", content: "cat, dog, bird" },
    ],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "cat", score: 0.94 },
          { label: "dog", score: 0.05 },
          { label: "bird", score: 0.01 },
        ],
      },
    ],
  },
  metrics: [{ description: "Share of images whose best-matching label is the true one.", id: "accuracy" }],
  models: [
    {
      description: "CLIP ViT-L/14 from OpenAI, trained on 400 million image-text pairs.",
      id: "openai/clip-vit-large-patch14",
    },
    { description: "Smaller, faster CLIP ViT-B/32.", id: "openai/clip-vit-base-patch32" },
    {
      description: "SigLIP, trained with a sigmoid loss; strong zero-shot accuracy at 384 px.",
      id: "google/siglip-so400m-patch14-384",
    },
    { description: "OpenCLIP ViT-H/14 trained on LAION-2B.", id: "laion/CLIP-ViT-H-14-laion2B-s32B-b79K" },
  ],
  spaces: [],
  summary:
    "Zero-shot image classification labels an image with categories given at run time as plain text, without training on those categories: the model picks the description that best matches the image.",
  widgetModels: ["openai/clip-vit-large-patch14"],
};

export default taskData;

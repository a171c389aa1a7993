import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ImageNet-1k, the usual benchmark for linear-probe and k-NN evaluation of image features.",
      id: "ILSVRC/imagenet-1k",
    },
    { description: "60,000 tiny images in 10 classes, a quick check of feature quality.", id: "uoft-cs/cifar10" },
  ],
  demo: {
    inputs: [{ type: "img", filename: "cat.svg" }],
    outputs: [
      {
        type: "tabular",
        table: [
          ["Dimension 1", "Dimension 2", "Dimension 3", "…", "Dimension 768"],
          ["0.2137", "-0.0484", "1.0391", "…", "-0.3125"],
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Accuracy of a linear classifier or a k-nearest-neighbour classifier trained on the frozen features.",
      id: "accuracy",
    },
    {
      description: "Recall@k in image retrieval: share of queries whose match is among the k nearest neighbours.",
      id: "recall",
    },
  ],
  models: [
    {
      description: "Self-supervised DINOv2 ViT-B/14: strong general-purpose features without labels.",
      id: "facebook/dinov2-base",
    },
    {
      description: "DINOv3 ViT-B/16 pre-trained on 1.7 billion images, for dense and global features.",
      id: "facebook/dinov3-vitb16-pretrain-lvd1689m",
    },
    {
      description: "Vision Transformer pre-trained on ImageNet-21k, without a classification head.",
      id: "google/vit-base-patch16-224-in21k",
    },
    {
      description: "CLIP's image encoder gives features aligned with text, useful for search.",
      id: "openai/clip-vit-base-patch32",
    },
  ],
  spaces: [],
  summary:
    "Image feature extraction turns an image into a vector of numbers (an embedding) that captures its content. Embeddings power image search, deduplication, clustering and lightweight classifiers trained on top.",
  widgetModels: [],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "1.28 million training images in 1,000 object classes (ImageNet-1k / ILSVRC 2012).",
      id: "ILSVRC/imagenet-1k",
    },
    { description: "60,000 tiny 32×32 images in 10 classes such as airplane, cat and truck.", id: "uoft-cs/cifar10" },
    { description: "101,000 food photos in 101 dishes, a popular fine-tuning benchmark.", id: "ethz/food101" },
  ],
  demo: {
    inputs: [{ type: "img", filename: "cat.svg" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "tabby cat", score: 0.71 },
          { label: "tiger cat", score: 0.17 },
          { label: "Egyptian cat", score: 0.08 },
          { label: "lynx", score: 0.02 },
        ],
      },
    ],
  },
  metrics: [
    {
      description:
        "Share of images whose top prediction is correct (top-1); top-5 accuracy checks the five best guesses.",
      id: "accuracy",
    },
    { description: "Harmonic mean of precision and recall, averaged over classes.", id: "f1" },
    { description: "Of the images predicted as a class, the share that truly belong to it.", id: "precision" },
    { description: "Of the images of a class, the share the model finds.", id: "recall" },
  ],
  models: [
    {
      description: "Vision Transformer pre-trained on ImageNet-21k and fine-tuned on ImageNet-1k.",
      id: "google/vit-base-patch16-224",
    },
    {
      description: "ResNet-50, the classic convolutional baseline, trained on ImageNet-1k.",
      id: "microsoft/resnet-50",
    },
    {
      description: "ConvNeXt, a modernised convolutional network with transformer-like accuracy.",
      id: "facebook/convnext-base-224",
    },
    {
      description: "Lightweight MobileNetV3 from timm for mobile and edge devices.",
      id: "timm/mobilenetv3_large_100.ra_in1k",
    },
    { description: "ViT fine-tuned to flag not-safe-for-work images.", id: "Falconsai/nsfw_image_detection" },
  ],
  spaces: [],
  summary:
    "Image classification assigns a label (or several) to a whole image, such as the object it shows, the scene, or whether it contains defects, together with a confidence score.",
  widgetModels: ["google/vit-base-patch16-224"],
};

export default taskData;

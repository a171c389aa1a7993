import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "COCO: 118,000 training images with boxes for 80 everyday object classes.",
      id: "detection-datasets/coco",
    },
    {
      description: "Medical personal protective equipment (coveralls, masks, gloves…) in 1,000 images.",
      id: "rishitdagli/cppe-5",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "street.svg" }],
    outputs: [{ type: "img", filename: "street-detections.svg" }],
  },
  metrics: [
    { description: "Mean average precision over classes and IoU thresholds 0.5–0.95 (COCO mAP).", id: "map" },
    {
      description:
        "Intersection over union between a predicted and a true box; a detection counts when it exceeds a threshold.",
      id: "iou",
    },
  ],
  models: [
    {
      description: "DETR: end-to-end detection transformer with a ResNet-50 backbone, trained on COCO.",
      id: "facebook/detr-resnet-50",
    },
    { description: "RT-DETR: real-time detection transformer, as fast as YOLO models.", id: "PekingU/rtdetr_r50vd" },
    { description: "YOLOS: a plain Vision Transformer that detects objects.", id: "hustvl/yolos-small" },
    {
      description: "Conditional DETR, which converges much faster than DETR.",
      id: "microsoft/conditional-detr-resnet-50",
    },
  ],
  spaces: [
    {
      description: "Leaderboard comparing object detection models on COCO.",
      id: "hf-vision/object_detection_leaderboard",
    },
  ],
  summary:
    "Object detection finds the objects in an image and returns, for each one, a class label, a confidence score and a bounding box.",
  widgetModels: ["facebook/detr-resnet-50"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "ADE20K scene parsing: 20,000 images densely labelled with 150 classes.",
      id: "zhoubolei/scene_parse_150",
    },
    { description: "Sidewalk images from a delivery robot with semantic labels.", id: "segments/sidewalk-semantic" },
  ],
  demo: {
    inputs: [{ type: "img", filename: "street.svg" }],
    outputs: [{ type: "img", filename: "street-segmented.svg" }],
  },
  metrics: [
    {
      description:
        "Mean intersection over union between predicted and true masks, averaged over classes (semantic segmentation).",
      id: "mean_iou",
    },
    { description: "Mean average precision of masks over IoU thresholds (instance segmentation).", id: "map" },
    {
      description: "Panoptic quality: recognition quality × segmentation quality, for panoptic segmentation.",
      id: "panoptic-quality",
    },
  ],
  models: [
    {
      description: "Mask2Former trained on COCO panoptic: one model for semantic, instance and panoptic segmentation.",
      id: "facebook/mask2former-swin-large-coco-panoptic",
    },
    {
      description: "Small and fast SegFormer for semantic segmentation of scenes (ADE20K).",
      id: "nvidia/segformer-b0-finetuned-ade-512-512",
    },
    { description: "Background removal: separates the foreground subject from the background.", id: "briaai/RMBG-1.4" },
    { description: "High-resolution dichotomous segmentation for precise cut-outs.", id: "ZhengPeng7/BiRefNet" },
    { description: "SegFormer fine-tuned to segment clothes and body parts.", id: "mattmdjaga/segformer_b2_clothes" },
  ],
  spaces: [{ description: "Remove the background of an image with RMBG.", id: "briaai/BRIA-RMBG-1.4" }],
  summary:
    "Image segmentation assigns a label to every pixel. Semantic segmentation labels classes (road, sky), instance segmentation separates each object, and panoptic segmentation does both.",
  widgetModels: ["nvidia/segformer-b0-finetuned-ade-512-512"],
};

export default taskData;

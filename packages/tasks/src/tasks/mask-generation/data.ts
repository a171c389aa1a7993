import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "COCO images of everyday scenes, used to evaluate box- and point-prompted mask generation.",
      id: "detection-datasets/coco",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "street.svg" }],
    outputs: [{ type: "img", filename: "street-masks.svg" }],
  },
  metrics: [
    {
      description: "Intersection over union between a generated mask and the annotated mask, averaged over prompts.",
      id: "mean_iou",
    },
  ],
  models: [
    {
      description:
        "Segment Anything (ViT-H), trained on more than one billion masks; segments any object from a point or box.",
      id: "facebook/sam-vit-huge",
    },
    { description: "Smaller and faster Segment Anything (ViT-B).", id: "facebook/sam-vit-base" },
    {
      description: "SAM 2.1 for images and videos, with memory to track objects across frames.",
      id: "facebook/sam2.1-hiera-large",
    },
    { description: "SlimSAM: a heavily pruned SAM that keeps most of its quality.", id: "Zigeng/SlimSAM-uniform-77" },
  ],
  spaces: [],
  summary:
    "Mask generation produces segmentation masks for the objects in an image without a fixed list of classes, either for everything in the image or for the object indicated by a prompt such as a point or a box.",
  widgetModels: [],
};

export default taskData;

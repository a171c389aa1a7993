import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "COCO images with boxes for 80 classes, used to evaluate open-vocabulary detectors without fine-tuning.",
      id: "detection-datasets/coco",
    },
  ],
  demo: {
    inputs: [
      { type: "img", filename: "street.svg" },
      { type: "text", label: "Candidate labels", content: "car, tree, person" },
    ],
    outputs: [{ type: "img", filename: "street-zero-shot.svg" }],
  },
  metrics: [
    { description: "Mean average precision of boxes over IoU thresholds, as for closed-set detection.", id: "map" },
    { description: "Intersection over union between predicted and true boxes.", id: "iou" },
  ],
  models: [
    {
      description: "OWLv2: open-vocabulary detection from text or image queries.",
      id: "google/owlv2-base-patch16-ensemble",
    },
    {
      description: "OWL-ViT: the first version of the OWL detectors, built on CLIP.",
      id: "google/owlvit-base-patch32",
    },
    {
      description: "Grounding DINO: detects objects described by free text, including referring expressions.",
      id: "IDEA-Research/grounding-dino-base",
    },
    { description: "Smaller Grounding DINO for faster inference.", id: "IDEA-Research/grounding-dino-tiny" },
  ],
  spaces: [],
  summary:
    "Zero-shot object detection finds objects described by text labels chosen at run time, returning boxes and scores for classes the detector was never explicitly trained on.",
  widgetModels: [],
};

export default taskData;

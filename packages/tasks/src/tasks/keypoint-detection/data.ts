import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description:
        "HaGRID hand-gesture images with 21 hand keypoints per hand extracted by MediaPipe, over 500k examples.",
      id: "Vincent-luo/hagrid-mediapipe-hands",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "person.svg" }],
    outputs: [{ type: "img", filename: "person-keypoints.svg" }],
  },
  metrics: [
    {
      description: "Average precision based on object keypoint similarity (OKS), the COCO keypoint metric.",
      id: "oks-ap",
    },
    {
      description: "Percentage of correct keypoints: share of keypoints within a distance threshold of the truth.",
      id: "pck",
    },
  ],
  models: [
    {
      description: "SuperPoint: detects interest points and computes their descriptors, for matching images.",
      id: "magic-leap-community/superpoint",
    },
    {
      description: "ViTPose: human pose estimation (17 body keypoints) with a plain Vision Transformer.",
      id: "usyd-community/vitpose-base-simple",
    },
    {
      description: "LightGlue matcher on SuperPoint keypoints, to find correspondences between two images.",
      id: "ETH-CVG/lightglue_superpoint",
    },
  ],
  spaces: [],
  summary:
    "Keypoint detection locates specific points in an image: the joints of a human body (pose estimation), facial landmarks, or distinctive interest points used to match images.",
  widgetModels: [],
};

export default taskData;

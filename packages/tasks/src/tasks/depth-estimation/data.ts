import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Indoor RGB images with depth maps recorded by a Kinect sensor (NYU Depth V2).",
      id: "sayakpaul/nyu_depth_v2",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "street.svg" }],
    outputs: [{ type: "img", filename: "depth.png" }],
  },
  metrics: [
    {
      description: "Absolute relative error: mean of |predicted − true| / true depth over all pixels; lower is better.",
      id: "abs-rel",
    },
    {
      description: "Root mean squared error of the predicted depth, in the unit of the ground truth (usually metres).",
      id: "rmse",
    },
    {
      description: "δ1 accuracy: share of pixels whose predicted depth is within a factor 1.25 of the true depth.",
      id: "delta1",
    },
  ],
  models: [
    {
      description: "Robust relative depth for any image; the small variant runs in real time.",
      id: "depth-anything/Depth-Anything-V2-Small-hf",
    },
    {
      description: "Depth Anything (V1) large model trained on 62 million unlabeled images.",
      id: "LiheYoung/depth-anything-large-hf",
    },
    { description: "Dense Prediction Transformer for monocular depth estimation (MiDaS 3.0).", id: "Intel/dpt-large" },
    {
      description: "Sharp metric depth with absolute scale in a fraction of a second, without camera intrinsics.",
      id: "apple/DepthPro-hf",
    },
  ],
  spaces: [
    { description: "Estimate depth of any image with Depth Anything V2.", id: "depth-anything/Depth-Anything-V2" },
    { description: "Depth Anything (V1) demo.", id: "LiheYoung/Depth-Anything" },
  ],
  summary:
    "Depth estimation predicts, for every pixel of an image, how far the scene is from the camera. The result is a depth map, either relative (nearer/farther) or metric (in metres).",
  widgetModels: ["depth-anything/Depth-Anything-V2-Small-hf"],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "A small subset of UCF101 (human action clips in 101 classes), ideal for fine-tuning tutorials.",
      id: "sayakpaul/ucf101-subset",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "skipping-frames.svg" }],
    outputs: [
      {
        type: "chart",
        data: [
          { label: "skipping rope", score: 0.86 },
          { label: "jumping into pool", score: 0.05 },
          { label: "dancing ballet", score: 0.04 },
          { label: "high jump", score: 0.03 },
        ],
      },
    ],
  },
  metrics: [
    {
      description: "Share of clips whose top prediction is correct (top-1); top-5 is also common on Kinetics.",
      id: "accuracy",
    },
    { description: "Harmonic mean of precision and recall per class.", id: "f1" },
  ],
  models: [
    {
      description: "VideoMAE fine-tuned on Kinetics-400 action recognition.",
      id: "MCG-NJU/videomae-base-finetuned-kinetics",
    },
    {
      description: "TimeSformer: divided space-time attention, trained on Kinetics-400.",
      id: "facebook/timesformer-base-finetuned-k400",
    },
    { description: "ViViT video vision transformer trained on Kinetics-400.", id: "google/vivit-b-16x2-kinetics400" },
    { description: "X-CLIP: video-text model for zero-shot video classification.", id: "microsoft/xclip-base-patch32" },
  ],
  spaces: [],
  summary:
    "Video classification assigns a label to a whole video clip, most often the action or activity it shows, using both the appearance of the frames and the motion between them.",
  widgetModels: [],
};

export default taskData;

import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    { description: "Objaverse: 800,000+ annotated 3D objects.", id: "allenai/objaverse" },
    { description: "Cap3D: descriptive captions for Objaverse objects, for text-to-3D training.", id: "tiange/Cap3D" },
  ],
  demo: {
    inputs: [{ type: "text", label: "Prompt", content: "A simple wooden chair." }],
    outputs: [
      { type: "img", filename: "chair-mesh.svg" },
      { type: "text", label: "Output", content: "chair.glb — textured triangle mesh, 12,480 faces" },
    ],
  },
  metrics: [
    { description: "CLIP similarity between the prompt and renders of the generated object.", id: "clip-score" },
  ],
  models: [
    { description: "Shap-E: generates textured meshes or neural fields from text in seconds.", id: "openai/shap-e" },
    {
      description: "TRELLIS text-conditioned model producing meshes, Gaussians or radiance fields.",
      id: "microsoft/TRELLIS-text-large",
    },
    {
      description: "Hunyuan3D 2.0: high-resolution textured assets from text (via an image) or images.",
      id: "tencent/Hunyuan3D-2",
    },
  ],
  spaces: [{ description: "Generate textured 3D assets with Hunyuan3D 2.0.", id: "tencent/Hunyuan3D-2" }],
  summary:
    "Text-to-3D models create a 3D object (a mesh, point cloud, Gaussian splats or neural field) from a text description.",
  widgetModels: [],
};

export default taskData;

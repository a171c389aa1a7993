import type { TaskDataCustom } from "../types.js";

const taskData: TaskDataCustom = {
  datasets: [
    {
      description: "Objaverse: 800,000+ annotated 3D objects, rendered to train image-to-3D models.",
      id: "allenai/objaverse",
    },
  ],
  demo: {
    inputs: [{ type: "img", filename: "chair.svg" }],
    outputs: [
      { type: "img", filename: "chair-mesh.svg" },
      { type: "text", label: "Output", content: "chair.glb — textured triangle mesh, 12,480 faces" },
    ],
  },
  metrics: [
    {
      description: "Chamfer distance between points sampled on the predicted and true surfaces; lower is better.",
      id: "chamfer-distance",
    },
    { description: "F-score of surface points within a distance threshold.", id: "f-score" },
  ],
  models: [
    {
      description: "TripoSR: reconstructs a 3D mesh from a single image in under a second.",
      id: "stabilityai/TripoSR",
    },
    {
      description: "Stable Fast 3D: UV-unwrapped, textured meshes from one image in about half a second.",
      id: "stabilityai/stable-fast-3d",
    },
    { description: "TRELLIS image-conditioned model for high-quality 3D assets.", id: "microsoft/TRELLIS-image-large" },
    { description: "Hunyuan3D 2.0 shape and texture generation from images.", id: "tencent/Hunyuan3D-2" },
  ],
  spaces: [
    { description: "Turn an image into a 3D mesh with TripoSR.", id: "stabilityai/TripoSR" },
    { description: "Image to 3D asset with TRELLIS.", id: "JeffreyXiang/TRELLIS" },
  ],
  summary:
    "Image-to-3D models reconstruct a 3D object from one or a few images, producing a mesh, Gaussian splats or a neural field that can be viewed from any angle.",
  widgetModels: [],
};

export default taskData;

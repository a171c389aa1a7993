// Public entry point of @hubkit/inference.
export { ENGINE_NAME } from "@hubkit/jinja";

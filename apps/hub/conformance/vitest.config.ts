// The whole conformance run: every spec of @huggingface/hub against a fresh Hubkit. Run it through
// `npm run conformance` (run.ts), which compares the outcome with expectations.json and sets the exit code.
import { defineConfig } from "vitest/config";
import { conformanceProject } from "./project.js";

export default defineConfig({
  test: { projects: [conformanceProject({ name: "conformance" })] },
});

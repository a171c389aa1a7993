import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { taskAboutModule } from "./task-about-module.js";

export default defineConfig({
  plugins: [react(), taskAboutModule()],
  resolve: { conditions: ["hubkit-source", "import", "module", "browser", "default"] },
  test: {
    name: "hub-web",
    root: import.meta.dirname,
    environment: "jsdom",
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
    passWithNoTests: true,
  },
});

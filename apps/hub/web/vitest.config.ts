import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ["hubkit-source", "import", "module", "browser", "default"] },
  test: {
    name: "hub-web",
    root: import.meta.dirname,
    environment: "jsdom",
    include: ["src/**/*.test.tsx", "src/**/*.test.ts"],
    passWithNoTests: true,
  },
});

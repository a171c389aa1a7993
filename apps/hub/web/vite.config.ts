import { cpSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { buildOutputs } from "./build-outputs.js";
import { taskAboutModule } from "./task-about-module.js";

// The task demos' media ship with @hubkit/tasks (assets/tasks/<task-id>/…). They are copied into the built site
// under /task-assets/ and served from the package folder in dev, so task pages show their demos offline.
const tasksPackage = dirname(createRequire(import.meta.url).resolve("@hubkit/tasks/package.json"));
const demoAssets = join(tasksPackage, "assets/tasks");

function taskDemoAssets(): Plugin {
  let outDir = "";
  return {
    name: "hubkit-task-demo-assets",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use("/task-assets", (request, response, next) => {
        const path = decodeURIComponent((request.url ?? "/").split("?")[0]);
        const file = resolve(demoAssets, `.${path}`);
        if (!file.startsWith(demoAssets) || !existsSync(file)) return next();
        response.setHeader("cache-control", "no-cache");
        import("node:fs").then(({ createReadStream }) => createReadStream(file).pipe(response));
      });
    },
    writeBundle() {
      if (existsSync(demoAssets)) cpSync(demoAssets, join(outDir, "task-assets"), { recursive: true });
    },
  };
}

// Workspace packages are bundled from their TypeScript sources (the "hubkit-source" export condition).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    taskDemoAssets(),
    taskAboutModule(),
    // The inputs manifest `npm start` compares to skip an unchanged build, and the precompressed assets.
    buildOutputs({ hubDir: resolve(import.meta.dirname, ".."), repoDir: resolve(import.meta.dirname, "../../..") }),
  ],
  resolve: { conditions: ["hubkit-source", "browser", "module", "import", "default"] },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: true, manifest: true },
  server: {
    host: "127.0.0.1",
    port: 5173,
    strictPort: true,
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 5300}` },
  },
});

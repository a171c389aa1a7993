#!/usr/bin/env node
// Writes the demo media of the task pages to assets/tasks/<task-id>/. The files are synthetic (drawn and synthesised
// here, no downloads) and deterministic, so rerunning this script reproduces them byte for byte.
// Usage: node packages/tasks/scripts/generate-demo-assets.mjs [output-dir]   (default: packages/tasks/assets/tasks)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { audioAssets } from "./demo-assets/audio.mjs";
import { drawingAssets } from "./demo-assets/drawings.mjs";
import { editAssets } from "./demo-assets/edits.mjs";
import { sceneAssets } from "./demo-assets/scenes.mjs";
import { streetAssets } from "./demo-assets/street.mjs";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const tasksSourceDir = join(packageDir, "src", "tasks");
const assetsDir = process.argv[2] ?? join(packageDir, "assets", "tasks");

const library = { ...audioAssets(), ...streetAssets(), ...drawingAssets(), ...sceneAssets(), ...editAssets() };

// Each task folder gets exactly the files its demo names (read from its data.ts), so nothing is written that no page uses.
let written = 0;
let bytes = 0;
for (const taskId of readdirSync(tasksSourceDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)) {
  const source = readFileSync(join(tasksSourceDir, taskId, "data.ts"), "utf8");
  const filenames = [...new Set([...source.matchAll(/filename:\s*"([^"]+)"/g)].map((match) => match[1]))];
  for (const filename of filenames) {
    const content = library[filename];
    if (content === undefined) throw new Error(`No generator for ${taskId}/${filename}`);
    mkdirSync(join(assetsDir, taskId), { recursive: true });
    writeFileSync(join(assetsDir, taskId, filename), content);
    written += 1;
    bytes += Buffer.byteLength(content);
  }
}
console.log(`wrote ${written} files, ${(bytes / 1024).toFixed(0)} KiB, under ${assetsDir}`);

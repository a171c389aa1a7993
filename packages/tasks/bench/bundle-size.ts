// Bundle size of one-line consumers of @hubkit/tasks: esbuild bundles + minifies each entry (from the TypeScript
// sources, through the "hubkit-source" export condition) and prints its size, raw and gzipped.
// Run: npm run bench -w packages/tasks   (or: npx tsx packages/tasks/bench/bundle-size.ts)
import { gzipSync } from "node:zlib";
import { bundleEntry, PIPELINE_DATA_BUDGET } from "./bundle.js";

const ENTRIES: Array<{ name: string; code: string; budget?: number }> = [
  { name: "PIPELINE_DATA", code: `export { PIPELINE_DATA } from "@hubkit/tasks";`, budget: PIPELINE_DATA_BUDGET },
  { name: "getModelInputSnippet", code: `export { getModelInputSnippet } from "@hubkit/tasks";` },
  { name: "parseGGUFQuantLabel", code: `export { parseGGUFQuantLabel } from "@hubkit/tasks";` },
  { name: "LOCAL_APPS", code: `export { LOCAL_APPS } from "@hubkit/tasks";` },
  { name: "SKUS", code: `export { SKUS } from "@hubkit/tasks";` },
  { name: "TASKS_DATA", code: `export { TASKS_DATA } from "@hubkit/tasks";` },
  { name: "MODEL_LIBRARIES_UI_ELEMENTS", code: `export { MODEL_LIBRARIES_UI_ELEMENTS } from "@hubkit/tasks";` },
  { name: "whole package", code: `export * from "@hubkit/tasks";` },
];

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

async function bundleSize(code: string): Promise<{ raw: number; gzip: number }> {
  const { bytes } = await bundleEntry(code);
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
}

let failed = false;
for (const entry of ENTRIES) {
  try {
    const { raw, gzip } = await bundleSize(entry.code);
    const budget = entry.budget;
    const reference = budget ? `, reference ${kb(budget)} (budget), ratio ${(raw / budget).toFixed(2)}` : "";
    console.log(`bundle ${entry.name}: ours ${kb(raw)} min (${kb(gzip)} gzip)${reference}`);
    if (budget && raw > budget) failed = true;
  } catch (error) {
    console.log(`bundle ${entry.name}: error ${(error as Error).message.split("\n")[0]}`);
    failed = true;
  }
}
if (failed) process.exitCode = 1;

// One esbuild setup for everything that measures what a consumer bundles: the bundle-size benchmark and the
// tree-shaking tests. Bundles a one-file ESM entry (e.g. `export { PIPELINE_DATA } from "@hubkit/tasks";`) from the
// TypeScript sources (the "hubkit-source" export condition), minified, in memory.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));

/** Budget for the lightest import (PIPELINE_DATA only), in bytes: checked by the benchmark and by test/bundle.test.ts. */
export const PIPELINE_DATA_BUDGET = 30 * 1024;

/** The minified bundle of `entry`, as bytes (for sizes) and text (for content checks). */
export async function bundleEntry(entry: string): Promise<{ bytes: Uint8Array; text: string }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: here, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    conditions: ["hubkit-source"],
    write: false,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  return { bytes: output.contents, text: output.text };
}

// Bundle size of a one-line `import { chatCompletion } from "@hubkit/inference"`, minified and gzipped with esbuild
// (browser, ESM, from the TypeScript sources). Target: ≤ 12 KB; the reference column is the target.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { line } from "./report.js";

const TARGET_KB = 12;

export async function runBundleBench(): Promise<string[]> {
  const result = await build({
    stdin: {
      contents: 'import { chatCompletion } from "@hubkit/inference";\nglobalThis.chatCompletion = chatCompletion;\n',
      resolveDir: new URL("..", import.meta.url).pathname,
      loader: "ts",
    },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["hubkit-source"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  const gzipKb = gzipSync(code, { level: 9 }).length / 1024;
  return [
    line(
      `bundle chatCompletion (min+gzip; ${(code.length / 1024).toFixed(1)} KB min)`,
      `${gzipKb.toFixed(2)} KB`,
      `${TARGET_KB} KB (target)`,
      gzipKb / TARGET_KB,
    ),
  ];
}

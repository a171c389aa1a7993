// Two things a site build leaves beside its files, for the server and for `npm start` (apps/hub/scripts/start.mjs):
// - `.hubkit-build.json`: every source file the build read (path relative to the repository + sha256 of its bytes),
//   so a start rebuilds the site only when one of them changed (content, not modification times: a fresh clone or a
//   `git checkout` touches every mtime). A dot-file: web-assets.ts never serves it.
// - `<file>.br` and `<file>.gz` beside each text asset: compressed once, at the best levels (brotli 11 takes ~0.5 s
//   for the 230 KB entry, too slow for a request), and served by web-assets.ts to clients that accept them.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

export const BUILD_INPUTS_FILE = ".hubkit-build.json";
/** Text assets worth compressing: smaller files gain less than the header costs. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|md|wasm)$/i;
const MIN_COMPRESS_BYTES = 1024;

/** Files every build depends on besides the modules it loads: configuration, the lock file, copied assets. */
export function fixedInputs(hubDir: string, repoDir: string): string[] {
  const walk = (dir: string): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  };
  return [
    join(repoDir, "package-lock.json"),
    join(hubDir, "package.json"),
    join(hubDir, "web/index.html"),
    join(hubDir, "web/vite.config.ts"),
    join(hubDir, "web/build-outputs.ts"),
    join(hubDir, "web/task-about-module.ts"),
    join(repoDir, "packages/tasks/package.json"),
    ...walk(join(repoDir, "packages/tasks/assets")), // copied as they are into task-assets/
  ];
}

export function sha256File(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

export function buildOutputs(options: { hubDir: string; repoDir: string }): Plugin {
  let outDir = "";
  let moduleFiles: string[] = [];
  return {
    name: "hubkit-build-outputs",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      // Source files only: dependencies are pinned by the lock file, virtual modules start with a NUL.
      moduleFiles = [...this.getModuleIds()]
        .filter((id) => !id.startsWith("\0") && !id.includes(`${sep}node_modules${sep}`))
        .map((id) => id.replace(/[?#].*$/, ""))
        .filter((id) => id.startsWith(options.repoDir + sep));
    },
    closeBundle() {
      const inputs: Record<string, string> = {};
      for (const path of new Set([...moduleFiles, ...fixedInputs(options.hubDir, options.repoDir)])) {
        try {
          inputs[relative(options.repoDir, path)] = sha256File(path);
        } catch {
          // A file that vanished during the build: the next start sees it missing and rebuilds.
        }
      }
      // The task pages' list of about.md files comes from this folder's listing (task-about-module.ts).
      const taskFolders = readdirSync(join(options.repoDir, "packages/tasks/src/tasks")).sort();
      writeFileSync(join(outDir, BUILD_INPUTS_FILE), `${JSON.stringify({ version: 1, taskFolders, inputs })}\n`);
      precompress(outDir);
    },
  };
}

/** Writes `.br` and `.gz` beside every compressible file of the build (source maps are never served: skipped). */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!name.startsWith(".")) precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || name.endsWith(".map")) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_COMPRESS_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    if (brotli.length < bytes.length) writeFileSync(`${path}.br`, brotli);
    const gzip = gzipSync(bytes, { level: 9 });
    if (gzip.length < bytes.length) writeFileSync(`${path}.gz`, gzip);
  }
}

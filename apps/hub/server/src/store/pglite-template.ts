// Where the shipped PGlite cluster template lives, and whether it fits the installed PGlite.
//
// The shipped PGlite cluster template: where it is, whether it fits the installed PGlite, and unpacking it.
//
// PGlite 0.5 creates a fresh data folder by running initdb in a second PostgreSQL instance inside the same process
// and copying that instance's folder over: a bare process peaks at ~650 MB for it (BENCHMARKS.md, seeding memory),
// more than the rest of a first start together. A fresh cluster is the same every time, so the repository ships one
// (made by make-pglite-template.ts, `npm run pglite-template -w apps/hub`), and a fresh folder is unpacked from it
// with plain file writes: ~40 MB for a moment instead of ~650, well under a second instead of ~4 s. It is a tar of
// the data folder, brotli-compressed (~1.4 MB: the three databases are near copies, which gzip's 32 KB window
// cannot see). A cluster is only valid for the PostgreSQL build that made it, so the file is named after the
// PGlite version; another version finds no template and runs initdb as before (with a warning).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { brotliDecompressSync } from "node:zlib";
import { ustarEntries } from "./ustar.js";

/** The folder holding the templates: apps/hub/server/assets. */
export const TEMPLATE_DIR = resolve(import.meta.dirname, "../../assets");

const TEMPLATE_PREFIX = "pglite-cluster-";
const TEMPLATE_SUFFIX = ".tar.br";

/** The installed @electric-sql/pglite's version (its package.json is not in its exports: found beside its entry). */
export function installedPgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  // The entry is dist/index.cjs; a few levels up at most (a bounded walk, not to the file system's root).
  for (let level = 0; level < 4; level += 1, dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
    if (manifest.name === "@electric-sql/pglite" && typeof manifest.version === "string") return manifest.version;
  }
  throw new Error("cannot find the installed @electric-sql/pglite's package.json");
}

export function templateFileName(version: string): string {
  return `${TEMPLATE_PREFIX}${version}${TEMPLATE_SUFFIX}`;
}

/** Whether `name` is a template file (of any version): the generator removes outdated ones. */
export function isTemplateFileName(name: string): boolean {
  return name.startsWith(TEMPLATE_PREFIX) && name.endsWith(TEMPLATE_SUFFIX);
}

export type ClusterTemplate = { file: string } | { missing: string };

/** The template for the installed PGlite, or why there is none (the caller then runs initdb). */
export function clusterTemplate(): ClusterTemplate {
  const version = installedPgliteVersion();
  const file = join(TEMPLATE_DIR, templateFileName(version));
  if (existsSync(file)) return { file };
  return {
    missing: `no cluster template for PGlite ${version} (${file}); make it with \`npm run pglite-template -w apps/hub\``,
  };
}

/** Bound on the unpacked template (a fresh cluster is ~40 MB): a damaged file cannot inflate without end. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

/** Output buffer of the decompressor: more than a fresh cluster's tar, so that it comes out in one piece. */
const UNPACK_CHUNK_BYTES = 64 * 1024 * 1024;

/** A name from the template as a path inside `into`; anything that could leave it is refused. */
function inside(into: string, name: string): string {
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.length === 0 || parts.some((part) => part === "..")) throw new Error(`template entry ${name} is refused`);
  return join(into, ...parts);
}

/** Unpacks the template `file` into the new folder `into` (which must not exist). */
export function unpackClusterTemplate(file: string, into: string): void {
  // One output buffer (not thousands of 16 KB chunks joined afterwards): one allocation, handed back whole.
  const tar = brotliDecompressSync(readFileSync(file), {
    maxOutputLength: MAX_UNPACKED_BYTES,
    chunkSize: UNPACK_CHUNK_BYTES,
  });
  mkdirSync(into, { mode: 0o700 });
  for (const entry of ustarEntries(tar)) {
    if (entry.name.replace(/^\/+|\/+$/g, "") === "") continue; // the folder itself
    const path = inside(into, entry.name);
    if (entry.type === "directory") mkdirSync(path, { recursive: true, mode: entry.mode });
    else {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, entry.data, { mode: entry.mode, flag: "wx" });
    }
  }
}

// Run from the TypeScript sources (tsx, vitest) the worker starts through a small .mjs that loads its .ts.
const UNPACK_WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./pglite-unpack-worker-boot.mjs" : "./pglite-unpack-worker.js",
  import.meta.url,
);

/** unpackClusterTemplate in a thread of its own (pglite-unpack-worker.ts says why). */
export function unpackClusterTemplateInWorker(file: string, into: string): Promise<void> {
  return new Promise((done, fail) => {
    const worker = new Worker(UNPACK_WORKER_URL, { workerData: { file, into } });
    let unpacked = false;
    worker.once("message", () => {
      unpacked = true;
    });
    worker.once("error", fail);
    worker.once("exit", (code) => {
      if (unpacked) done();
      else fail(new Error(`unpacking the PGlite cluster template stopped (exit code ${code}) before it was done`));
    });
  });
}

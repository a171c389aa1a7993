// Measures what a visit downloads, from the Vite manifest of a build (`npm run build:web` → web/dist, or the folder
// given): the entry (JS + CSS) and, per page, the entry plus the page's lazily loaded chunks, gzipped.
// Prints `name: ours X, reference Y, ratio Z` lines; exits 1 when any page's first load passes the 200 KB budget.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 200;
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, "../dist"));
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** Files a chunk needs before it runs: itself, its CSS, and its static imports, recursively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (chunk === undefined || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const line = (name, files) => {
  const total = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(
    `${name}: ours ${kb(total)} KB, reference ${BUDGET_KB} KB (budget), ratio ${(total / 1024 / BUDGET_KB).toFixed(2)}`,
  );
  return total;
};

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
let worst = line("web first load, entry JS+CSS gzipped", entry);
const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && /-page\.tsx$/.test(key));
for (const key of pages.sort()) {
  const files = closure(key, new Set(entry));
  const name = key.replace(/^.*\//, "").replace(/\.tsx$/, "");
  worst = Math.max(worst, line(`web first load, ${name} gzipped`, files));
}
if (worst > BUDGET_KB * 1024) {
  console.error(`a first load is over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}

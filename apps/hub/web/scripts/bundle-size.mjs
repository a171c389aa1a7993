// Measures what a first visit downloads: index.html's script and stylesheet plus the modules they preload, and the
// largest lazy route chunk, raw and gzipped. Run after `npm run build:web` (reads web/dist, or the folder given).
// Prints `name: ours X` lines and exits 1 when the first load passes the 200 KB (gzipped) budget.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 200;
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, "../dist"));
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
const size = (path) => {
  const bytes = readFileSync(join(dist, path));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let raw = 0;
let gzip = 0;
for (const path of initial) {
  const s = size(path);
  raw += s.raw;
  gzip += s.gzip;
}
console.log(
  `web first load (${initial.length} files, JS+CSS): ours ${kb(gzip)} gzipped (${kb(raw)} raw), budget ${BUDGET_KB} KB`,
);
const { readdirSync } = await import("node:fs");
const chunks = readdirSync(join(dist, "assets"))
  .filter((name) => name.endsWith(".js") && !initial.includes(`/assets/${name}`))
  .map((name) => ({ name, ...size(`/assets/${name}`) }))
  .sort((a, b) => b.gzip - a.gzip);
for (const chunk of chunks.slice(0, 5))
  console.log(
    `web lazy chunk ${chunk.name.replace(/-[\w-]{8}\.js$/, "")}: ours ${kb(chunk.gzip)} gzipped (${kb(chunk.raw)} raw)`,
  );
if (gzip > BUDGET_KB * 1024) {
  console.error(`first load is over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}

// Makes the PGlite cluster template that a fresh data folder is loaded from (pglite-template.ts says why): runs
// PGlite's initdb in memory, checkpoints, dumps the data folder as a tar without the running server's pid file,
// brotli-compresses it into apps/hub/server/assets/pglite-cluster-<PGlite version>.tar.br (removing older
// versions' templates), then checks that the file loads. Run after upgrading @electric-sql/pglite:
//   npm run pglite-template -w apps/hub
// (peaks at ~700 MB and takes ~40 s, most of it brotli's best compression; the server never runs this.)
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import {
  installedPgliteVersion,
  isTemplateFileName,
  TEMPLATE_DIR,
  templateFileName,
  unpackClusterTemplate,
} from "./pglite-template.js";
import { filterUstar } from "./ustar.js";

const version = installedPgliteVersion();
const lite = await PGlite.create();
// Everything on the files: the template starts from this checkpoint (its first open replays nothing of substance).
await lite.query("CHECKPOINT");
const dump = new Uint8Array(await (await lite.dumpDataDir("none")).arrayBuffer());
await lite.close();
// postmaster.pid belongs to the instance that is running here, not to the folders made from the template.
const tar = filterUstar(dump, (entry) => entry.name.replace(/^\/+/, "") !== "postmaster.pid");
const packed = brotliCompressSync(tar, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    // A 16 MB window sees that template0, template1 and postgres are near copies of each other.
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
  },
});

// The check before anything is replaced: the template unpacks as the server unpacks it, and opens.
const trial = mkdtempSync(join(tmpdir(), "hubkit-pglite-template-"));
try {
  writeFileSync(join(trial, "template.tar.br"), packed);
  unpackClusterTemplate(join(trial, "template.tar.br"), join(trial, "cluster"));
  const check = await PGlite.create(join(trial, "cluster"));
  const [row] = (await check.query<{ databases: number }>("SELECT count(*)::int AS databases FROM pg_database")).rows;
  await check.close();
  if (row?.databases !== 3) throw new Error(`the template does not open as a fresh cluster: ${JSON.stringify(row)}`);
} finally {
  rmSync(trial, { recursive: true, force: true });
}

mkdirSync(TEMPLATE_DIR, { recursive: true });
for (const name of readdirSync(TEMPLATE_DIR)) if (isTemplateFileName(name)) rmSync(join(TEMPLATE_DIR, name));
const file = join(TEMPLATE_DIR, templateFileName(version));
writeFileSync(file, packed);
console.log(`${file}: ${packed.length} bytes (tar ${tar.length} bytes, PGlite ${version})`);

// A separate process that opens a PGlite data folder as the server does, prints "opened" and holds it until it is
// killed. With "hold-after-build" it instead initialises the folder as the server does but stops after its staging
// cluster is built, before anything is moved into place, prints "built" and waits: pglite-init.test.ts kills it with
// -9 there, deterministically (a poll for the staging folder could miss the few hundred ms on a loaded machine).
import { openPglite } from "../src/store/db.js";
import { initialiseCluster } from "../src/store/pglite-init.js";
import { clusterTemplate, unpackClusterTemplate } from "../src/store/pglite-template.js";

const [dir, mode] = process.argv.slice(2);
if (dir === undefined) throw new Error("usage: pglite-opener.ts <dir> [hold-after-build]");
if (mode === "hold-after-build") {
  const template = clusterTemplate();
  if (!("file" in template)) throw new Error(template.missing);
  await initialiseCluster(dir, async (staging) => {
    unpackClusterTemplate(template.file, staging);
    console.log("built");
    await new Promise(() => setInterval(() => {}, 60_000));
  });
} else {
  await openPglite(dir);
  console.log("opened");
  setTimeout(() => {}, 60_000);
}

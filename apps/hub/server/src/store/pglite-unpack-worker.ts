// The thread that unpacks the cluster template (pglite-template.ts): the ~40 MB of unpacked tar and the
// decompressor's buffers are this thread's, and go back to the system when it ends. Unpacked on the main thread,
// ~90 MB stayed in the server's memory for good (allocator arenas and heap that PGlite's thread could not reuse)
// and showed up in the first start's peak.
import { parentPort, workerData } from "node:worker_threads";
import { unpackClusterTemplate } from "./pglite-template.js";

const { file, into } = workerData as { file: string; into: string };
unpackClusterTemplate(file, into);
parentPort?.postMessage("unpacked");

// Entry of the template-unpacking worker when the server runs from its TypeScript sources (npm start, tests):
// Node 20 does not pass `--import tsx` on to worker threads, so the worker loads its .ts module through tsx's API.
import { tsImport } from "tsx/esm/api";

await tsImport("./pglite-unpack-worker.ts", import.meta.url);

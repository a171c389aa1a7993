// A separate process that opens a PGlite data folder as the server does (pglite-init.test.ts kills it with -9 while
// it initialises the folder), prints "opened" and holds it until it is killed.
import { openPglite } from "../src/store/db.js";

const dir = process.argv[2];
if (dir === undefined) throw new Error("usage: pglite-opener.ts <dir>");
await openPglite(dir);
console.log("opened");
setTimeout(() => {}, 60_000);

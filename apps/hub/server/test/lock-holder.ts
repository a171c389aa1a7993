// A separate process that holds a data folder's lock until it is killed (folder-lock.test.ts).
import { lockFolder } from "../src/store/folder-lock.js";

const dir = process.argv[2];
if (dir === undefined) throw new Error("usage: lock-holder.ts <dir>");
try {
  lockFolder(dir);
  console.log("locked");
} catch (error) {
  console.log(`refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
setTimeout(() => {}, 60_000);

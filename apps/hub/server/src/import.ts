// `npm run import -w apps/hub -- file.jsonl [more.jsonl…]`: load hub API model records (one JSON object a line)
// into the index the server uses (DATABASE_URL, or PGlite in HUBKIT_DATA_DIR / apps/hub/.data). Existing ids are
// replaced. `npm run seed -w apps/hub` does the same with the curated seed.
import { loadConfig } from "./config.js";
import { openDatabase } from "./server.js";
import { importJsonl } from "./store/jsonl.js";
import { ModelStore } from "./store/model-store.js";

const config = loadConfig();
const files = process.argv.slice(2).filter((arg) => arg !== "--");
if (files.length === 0) files.push(config.seedFile);
let store: ModelStore;
try {
  store = await ModelStore.open(await openDatabase(config));
} catch (error) {
  // One line (e.g. the folder is locked by a running server), not a stack trace.
  console.error(`[hub] cannot open the index: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
let failed = false;
try {
  for (const file of files) {
    const { imported } = await importJsonl(store, file);
    console.log(`[hub] imported ${imported} models from ${file}`);
  }
  console.log(`[hub] the index now holds ${await store.count()} models`);
} catch (error) {
  console.error(`[hub] import failed: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await store.close();
}
process.exit(failed ? 1 : 0);

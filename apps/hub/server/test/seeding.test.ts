// The server loads the seed into its index on the first start and again only when the seed file changes.
import { join } from "node:path";
import { expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { openLocalStore } from "../src/server.js";
import { temporaryFolder, writeJsonl } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const work = temporaryFolder("seeding");

it("seeds on first start, skips an unchanged seed, reloads a changed one and keeps imported models", async () => {
  const seedFile = join(work, "seed.jsonl");
  const writeSeed = (models: readonly unknown[]) => writeJsonl(seedFile, models);
  const config = loadConfig({ HUBKIT_DATA_DIR: join(work, "db"), HUBKIT_SEED: seedFile });
  const open = async () => {
    const lines: string[] = [];
    const store = await openLocalStore(config, (line) => lines.push(line));
    return { store, lines };
  };

  writeSeed(FIXTURE_MODELS.slice(0, 3));
  const first = await open();
  expect(first.lines).toEqual([`[hub] loaded 3 models into the index from ${seedFile}`]);
  await first.store.upsert([{ id: "someone/imported" }]);
  await first.store.close();

  const unchanged = await open();
  expect(unchanged.lines).toEqual([]);
  await unchanged.store.close();

  writeSeed(FIXTURE_MODELS);
  const changed = await open();
  try {
    expect(changed.lines).toEqual([`[hub] loaded ${FIXTURE_MODELS.length} models into the index from ${seedFile}`]);
    expect(await changed.store.count()).toBe(FIXTURE_MODELS.length + 1);
  } finally {
    await changed.store.close();
  }
}, 90_000);

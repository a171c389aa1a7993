// The server loads the seed into its index on the first start and again only when the seed file changes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { openLocalStore } from "../src/server.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const work = mkdtempSync(join(tmpdir(), "hubkit-seeding-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("seeds on first start, skips an unchanged seed, reloads a changed one and keeps imported models", async () => {
  const seedFile = join(work, "seed.jsonl");
  const writeSeed = (models: unknown[]) =>
    writeFileSync(seedFile, `${models.map((model) => JSON.stringify(model)).join("\n")}\n`);
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

// `npm run import -w apps/hub -- file.jsonl`, run as the process it is, into a temporary PGlite folder.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { openPglite } from "../src/store/db.js";
import { importJsonl } from "../src/store/jsonl.js";
import { ModelStore } from "../src/store/model-store.js";
import { temporaryFolder } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const hubDir = resolve(import.meta.dirname, "../..");
const work = temporaryFolder("import");

const runImport = (...files: string[]) =>
  spawnSync(
    process.execPath,
    ["--conditions=hubkit-source", "--import", "tsx", "server/src/import.ts", "--", ...files],
    {
      cwd: hubDir,
      env: { ...process.env, HUBKIT_DATA_DIR: join(work, "db"), DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 90_000,
    },
  );

it("imports a JSON-lines dump as a process; a bad line stops an import with its line number", async () => {
  // A blank line at the end, as dumps often have: it is skipped.
  const good = join(work, "good.jsonl");
  writeFileSync(good, `${FIXTURE_MODELS.map((model) => JSON.stringify(model)).join("\n")}\n\n`);
  const bad = join(work, "bad.jsonl");
  writeFileSync(bad, `${JSON.stringify({ id: "fine/model" })}\n{"id": "broken\n`);

  const done = runImport(good);
  expect(done.stderr).toBe("");
  expect(done.status).toBe(0);
  expect(done.stdout).toContain(`imported ${FIXTURE_MODELS.length} models from ${good}`);

  // HUBKIT_DATA_DIR is the data root; the index lives in its pglite/ folder.
  const store = await ModelStore.open(await openPglite(join(work, "db", "pglite")));
  try {
    expect(await store.count()).toBe(FIXTURE_MODELS.length);
    // A bad line stops the import with its number, before its batch is written.
    await expect(importJsonl(store, bad)).rejects.toThrow(`${bad}:2: not valid JSON`);
    expect(await store.get("fine/model")).toBeUndefined();
    const invalid = join(work, "invalid.jsonl");
    writeFileSync(
      invalid,
      `${JSON.stringify({ id: "ok/one" })}
${JSON.stringify({ id: "x/y", likes: "many" })}
`,
    );
    await expect(importJsonl(store, invalid)).rejects.toThrow(`${invalid} (lines 1-2): model x/y: likes must be`);
    expect(await store.count()).toBe(FIXTURE_MODELS.length);
  } finally {
    await store.close();
  }
}, 120_000);

// Download counts on resolve requests (hub-api.md §7.6) against a real hub on 127.0.0.1: models count GET and HEAD
// of their query files; a Range read that does not start at byte 0 (a viewer's partial read, a resumed download)
// never counts; datasets count once per client address and repository per window. A second client is a second
// loopback source address (127.0.0.2), so the per-client rule is tested over real sockets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/store/db.js";
import { openPglite } from "../src/store/db.js";
import type { DbRepoIndex } from "../src/store/db-repo-index.js";
import { countDownload } from "../src/store/download-count.js";
import { foldDownloads } from "../src/store/download-pending.js";
import { countsAsDownload, isPartialRead } from "../src/store/download-rules.js";
import { DownloadWindows } from "../src/store/download-window.js";
import { ModelStore } from "../src/store/model-store.js";
import { createRepoWithFiles, startTestHub, type TestHub } from "./hub-harness.js";
import { type RequestFromOptions, statusFrom } from "./request-from.js";

let hub: TestHub;

const createWithFiles = (type: "model" | "dataset", name: string, files: Record<string, string>) =>
  createRepoWithFiles(hub, type, name, files);

/** One resolve request (from `localAddress`, a loopback source address); resolves with the status. */
const resolve = (path: string, options: RequestFromOptions = {}) => statusFrom(new URL(path, hub.url), options);

async function downloads(api: string): Promise<number> {
  const info = (await (await fetch(`${hub.url}${api}`)).json()) as { downloads: number };
  return info.downloads;
}

beforeAll(async () => {
  hub = await startTestHub("download-counts");
  await createWithFiles("model", "counted", { "config.json": '{"model_type":"bert"}', "README.md": "# hi\n" });
  await createWithFiles("dataset", "rows", { "data.csv": "a,b\n1,2\n3,4\n", "README.md": "# rows\n" });
  await createWithFiles("dataset", "other-rows", { "data.csv": "a\n1\n" });
}, 120_000);

afterAll(async () => {
  await hub?.close();
});

describe("model downloads", () => {
  it("count GET and HEAD of query files and whole or from-zero reads, not partial reads or the card", async () => {
    const api = "/api/models/alice/counted";
    expect(await downloads(api)).toBe(0);
    expect(await resolve("/alice/counted/resolve/main/config.json")).toBe(200);
    expect(await resolve("/alice/counted/resolve/main/config.json", { method: "HEAD" })).toBe(200);
    expect(await resolve("/alice/counted/resolve/main/config.json", { range: "bytes=0-3" })).toBe(206);
    expect(await downloads(api)).toBe(3);
    // Partial reads: from an offset, the last bytes, a resumed download.
    expect(await resolve("/alice/counted/resolve/main/config.json", { range: "bytes=5-" })).toBe(206);
    expect(await resolve("/alice/counted/resolve/main/config.json", { range: "bytes=-4" })).toBe(206);
    expect(await resolve("/alice/counted/resolve/main/config.json", { range: "bytes=2-9" })).toBe(206);
    // Not a query file; a missing file; the raw pointer route.
    expect(await resolve("/alice/counted/resolve/main/README.md")).toBe(200);
    expect(await resolve("/alice/counted/resolve/main/missing.json")).toBe(404);
    expect(await resolve("/alice/counted/raw/main/config.json")).toBe(200);
    expect(await downloads(api)).toBe(3);
  });
});

describe("dataset downloads", () => {
  it("count once per client address and repository per window, whatever the viewer reads", async () => {
    const api = "/api/datasets/alice/rows";
    const file = "/datasets/alice/rows/resolve/main/data.csv";
    expect(await downloads(api)).toBe(0);
    // The viewer's reads of a data file: a HEAD, a read from byte 0, a read from an offset, again and again.
    expect(await resolve(file, { method: "HEAD" })).toBe(200);
    expect(await resolve(file, { range: "bytes=0-4" })).toBe(206);
    expect(await resolve(file, { range: "bytes=4-" })).toBe(206);
    expect(await resolve(file)).toBe(200);
    expect(await downloads(api)).toBe(1);
    // Another client counts on its own; a partial read from it does not.
    expect(await resolve(file, { localAddress: "127.0.0.2", range: "bytes=3-" })).toBe(206);
    expect(await downloads(api)).toBe(1);
    expect(await resolve(file, { localAddress: "127.0.0.2" })).toBe(200);
    expect(await resolve(file, { localAddress: "127.0.0.2" })).toBe(200);
    expect(await downloads(api)).toBe(2);
    // The same client, another repository: its own window. The card never counts.
    expect(await resolve("/datasets/alice/other-rows/resolve/main/data.csv")).toBe(200);
    expect(await downloads("/api/datasets/alice/other-rows")).toBe(1);
    expect(await resolve("/datasets/alice/rows/resolve/main/README.md", { localAddress: "127.0.0.3" })).toBe(200);
    expect(await downloads(api)).toBe(2);
  });
});

describe("the count statement", () => {
  // Libraries with rules of their own (gguf-only, extension, prefix and file-name clauses), diffusers' own rule,
  // one the catalogue does not know, and none; paths that count for some of them and not others.
  const LIBRARIES = [null, "diffusers", "transformers", "nemo", "open_clip", "timm", "no-such-library"];
  const PATHS = [
    "config.json",
    "model_index.json",
    "model.safetensors",
    "sub/model.safetensors",
    "weights.gguf",
    "model.nemo",
    "modules.json",
    "open_clip_config.json",
    "README.md",
    "params.json",
  ];

  it("counts a path exactly for the libraries the rules say, in one statement with its trending event", async () => {
    const index = hub.ctx.index as DbRepoIndex;
    const db = index.store.db;
    const ids = LIBRARIES.map((_library, i) => `rules/lib-${i}`);
    for (const [i, library] of LIBRARIES.entries())
      await index.store.insertNew(
        { id: ids[i], private: false, downloads: 0, likes: 0, tags: [], library_name: library },
        "model",
      );
    // The day's trending refresh (started by the first download) runs its own statements: done before counting.
    await index.trending.ensureFresh();
    const query = db.query.bind(db);
    let statements = 0;
    // Statements on the count's tables: the hub's background jobs share the connection, and the timed fold
    // (download-pending.ts, "WITH taken AS …") is not the count's.
    db.query = ((...args: Parameters<typeof db.query>) => {
      const sql = String(args[0]);
      if (/hub_models|hub_download_pending|hub_download_days|hub_trending/.test(sql) && !sql.startsWith("WITH taken"))
        statements += 1;
      return query(...args);
    }) as typeof db.query;
    const expected = new Map<string, number>();
    try {
      for (const path of PATHS)
        for (const [i, library] of LIBRARIES.entries()) {
          const before = statements;
          await index.recordDownload({ type: "model", id: ids[i] as string }, path);
          expect(statements - before).toBeLessThanOrEqual(1);
          if (countsAsDownload("model", library, path))
            expected.set(ids[i] as string, (expected.get(ids[i] as string) ?? 0) + 1);
        }
    } finally {
      db.query = query;
    }
    // The counts wait in hub_download_pending until a fold adds them to the rows.
    await index.downloads.foldNow();
    // Every library sees some paths count and others not, so a wrong condition shows.
    for (const id of ids) expect(expected.get(id)).toBeGreaterThan(0);
    expect(new Set(expected.values()).size).toBeGreaterThan(2);
    const rows = await db.query<{ id: string; downloads: number; record_downloads: number }>(
      "SELECT id, downloads::int AS downloads, (record->>'downloads')::int AS record_downloads FROM hub_models WHERE id LIKE 'rules/%'",
    );
    const events = await db.query<{ repo_key: string; downloads: number }>(
      "SELECT repo_key, downloads::int AS downloads FROM hub_download_days WHERE repo_type = 'model' AND repo_key LIKE 'rules/%'",
    );
    const scored = await db.query<{ repo_key: string }>(
      "SELECT repo_key FROM hub_trending WHERE repo_type = 'model' AND repo_key LIKE 'rules/%'",
    );
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      expect({ id, downloads: row?.downloads, record: row?.record_downloads }).toEqual({
        id,
        downloads: expected.get(id),
        record: expected.get(id),
      });
      expect(events.find((e) => e.repo_key === id)?.downloads).toBe(expected.get(id));
      expect(scored.some((e) => e.repo_key === id)).toBe(true);
    }
  });

  it("asks with any case of the id and counts the stored row", async () => {
    const index = hub.ctx.index as DbRepoIndex;
    await index.store.insertNew({ id: "Rules/MixedCase", private: false, downloads: 0, likes: 0, tags: [] }, "model");
    await index.recordDownload({ type: "model", id: "rules/mixedcase" }, "config.json");
    await index.downloads.foldNow();
    const rows = await index.store.db.query<{ downloads: number }>(
      "SELECT downloads::int AS downloads FROM hub_models WHERE id = 'Rules/MixedCase'",
    );
    expect(rows[0]?.downloads).toBe(1);
    const events = await index.store.db.query<{ repo_key: string }>(
      "SELECT repo_key FROM hub_download_days WHERE repo_key = 'rules/mixedcase'",
    );
    expect(events).toHaveLength(1);
  });
});

describe("DownloadWindows (PGlite)", () => {
  let db: Db;
  // The production count statement (store/download-count.ts) of a data file, in `windows` for `client`.
  const count = (windows: DownloadWindows, client: string) =>
    countDownload(
      db,
      { type: "dataset", id: "alice/win", path: "data.csv", today: new Date().toISOString().slice(0, 10) },
      { windows, client },
    );
  const opened = async () =>
    Number((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM hub_download_windows"))[0]?.n);

  beforeAll(async () => {
    db = await openPglite(undefined);
    const store = await ModelStore.open(db);
    await store.insertNew({ id: "alice/win", private: false, downloads: 0, likes: 0, tags: [] }, "dataset");
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("counts a client once per window, then again once its window is over", async () => {
    const windows = new DownloadWindows(db, 60_000);
    expect(await count(windows, "a")).toBe(true);
    expect(await count(windows, "a")).toBe(false);
    expect(await count(windows, "b")).toBe(true);
    // Another server's windows object on the same database: the same windows.
    expect(await count(new DownloadWindows(db, 60_000), "a")).toBe(false);
    // a's window opened a minute ago: over.
    await db.query("UPDATE hub_download_windows SET opened_at = opened_at - interval '60 seconds' WHERE client = 'a'");
    expect(await count(windows, "a")).toBe(true);
    expect(await count(windows, "a")).toBe(false);
    expect(await count(windows, "b")).toBe(false);
    await foldDownloads(db);
    const rows = await db.query<{ downloads: number }>(
      "SELECT downloads::int AS downloads FROM hub_datasets WHERE id = 'alice/win'",
    );
    expect(rows[0]?.downloads).toBe(3);
  });

  it("stays bounded: the prune deletes expired windows, then the oldest live ones past its bound", async () => {
    await db.query("DELETE FROM hub_download_windows");
    const windows = new DownloadWindows(db, 60_000, 3);
    for (const client of ["old", "x", "y", "z"]) expect(await count(windows, client)).toBe(true);
    await db.query("UPDATE hub_download_windows SET opened_at = opened_at - interval '2 minutes' WHERE client = 'old'");
    await db.query("UPDATE hub_download_windows SET opened_at = opened_at - interval '10 seconds' WHERE client = 'x'");
    await windows.prune();
    // "old" expired and went; x, y and z are within the bound of 3 and stay.
    expect(await opened()).toBe(3);
    for (let i = 0; i < 20; i += 1) await count(windows, `flood-${i}`);
    await windows.prune();
    expect(await opened()).toBe(3);
  });
});

describe("isPartialRead", () => {
  it("is a range that does not start at byte 0", () => {
    expect(isPartialRead(undefined)).toBe(false);
    expect(isPartialRead("bytes=0-")).toBe(false);
    expect(isPartialRead("bytes=0-99")).toBe(false);
    expect(isPartialRead(" bytes=00-1 ")).toBe(false);
    expect(isPartialRead("bytes=1-")).toBe(true);
    expect(isPartialRead("bytes=100-200")).toBe(true);
    expect(isPartialRead("bytes=-500")).toBe(true);
    // What the file route does not understand is served whole, so it counts.
    expect(isPartialRead("bytes=-")).toBe(false);
    expect(isPartialRead("items=5-")).toBe(false);
    expect(isPartialRead("bytes=5-9,20-")).toBe(false);
  });
});

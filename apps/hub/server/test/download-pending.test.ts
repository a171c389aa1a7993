// Download counts pend in hub_download_pending and are folded into the repository rows in batches
// (store/download-pending.ts), on PGlite and PostgreSQL: reads show a count at once, the order by downloads once
// folded; counts racing folds are neither lost nor added twice; a rename carries pending counts, a removal
// drops them, and an orphan at the new name does not fail the rename; closing folds; every chunk gets folded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS } from "../src/auth/principal.js";
import type { DbRepoIndex } from "../src/store/db-repo-index.js";
import { foldDownloads } from "../src/store/download-pending.js";
import { ModelStore } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";
import { temporaryFolder } from "./files.js";
import { folderRepoIndex } from "./folder-repo-index.js";

for (const database of testDatabases()) {
  describe(`pending download counts on ${database.name}`, () => {
    const data = temporaryFolder("download-pending");
    let store: ModelStore;
    let index: DbRepoIndex;
    const model = (id: string) => ({ type: "model" as const, id });
    const column = async (id: string) =>
      Number(
        (
          await store.db.query<{ n: number }>(
            "SELECT downloads::float8 AS n FROM hub_models WHERE lower(id) = lower($1)",
            [id],
          )
        )[0]?.n,
      );
    const pendingRows = async () =>
      Number((await store.db.query<{ n: number }>("SELECT count(*)::int AS n FROM hub_download_pending"))[0]?.n);
    const listed = async (id: string) =>
      (await index.list("model", { sort: "id", direction: 1, limit: 100, search: id }, ANONYMOUS, false)).rows.find(
        (row) => row.id === id,
      )?.downloads;
    const add = (id: string) =>
      store.insertNew({ id, private: false, downloads: 0, likes: 0, tags: [], library_name: "transformers" }, "model");

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      index = await folderRepoIndex(store, data);
    });
    afterAll(async () => {
      await store?.close();
      await database.cleanup();
    });

    it("shows a count at once in the repository's info and in listings, and sorts by it once folded", async () => {
      await add("pend/one");
      for (let i = 0; i < 3; i += 1) await index.recordDownload(model("pend/one"), "config.json");
      const record = await index.record(model("pend/one"));
      expect(record?.downloads).toBe(3);
      expect(record?.record?.downloads).toBe(3);
      expect(record?.record?.downloadsAllTime).toBe(3);
      expect(await column("pend/one")).toBe(0);
      expect(await listed("pend/one")).toBe(3);
      await index.downloads.foldNow();
      expect(await column("pend/one")).toBe(3);
      expect(await listed("pend/one")).toBe(3);
      // Sorted by downloads once folded: the downloaded one first.
      await add("pend/one-quiet");
      const sorted = await index.list(
        "model",
        { sort: "downloads", direction: -1, limit: 100, search: "pend/one" },
        ANONYMOUS,
        false,
      );
      expect(sorted.rows.map((row) => row.id).filter((id) => id.startsWith("pend/one"))).toEqual([
        "pend/one",
        "pend/one-quiet",
      ]);
      expect(await pendingRows()).toBe(0);
      // Folded and pending together.
      await index.recordDownload(model("pend/one"), "config.json");
      const again = await index.record(model("pend/one"));
      expect([again?.downloads, again?.record?.downloads, again?.record?.downloadsAllTime]).toEqual([4, 4, 4]);
    });

    it("loses and doubles nothing when counts race folds", async () => {
      const ids = ["pend/race-a", "pend/race-b", "pend/race-c"];
      for (const id of ids) await add(id);
      // Waves of 45 counts and 8 folds at once (within the database's queue bound of 64 waiting statements).
      for (let wave = 0; wave < 4; wave += 1) {
        const counts = Array.from({ length: 45 }, (_, i) =>
          index.recordDownload(model(ids[i % ids.length] as string), "config.json"),
        );
        const folds = Array.from({ length: 8 }, () => foldDownloads(store.db));
        await Promise.all([...counts, ...folds]);
      }
      await foldDownloads(store.db);
      for (const id of ids) expect(await column(id)).toBe(60);
      expect(await pendingRows()).toBe(0);
    });

    it("carries pending counts through a rename, drops them with a removal, and a stale one at the new name", async () => {
      await add("pend/old-name");
      await index.recordDownload(model("pend/old-name"), "config.json");
      await index.recordDownload(model("pend/old-name"), "config.json");
      // An orphan at the new name: a count that raced the removal of an earlier repository of that name.
      await store.db.query(
        "INSERT INTO hub_download_pending (repo_type, repo_key, n) VALUES ('model', 'pend/new-name', 7)",
      );
      await index.rename(model("pend/old-name"), model("pend/New-Name"));
      expect((await index.record(model("pend/New-Name")))?.downloads).toBe(2);
      await index.downloads.foldNow();
      expect(await column("pend/New-Name")).toBe(2);

      await add("pend/gone");
      await index.recordDownload(model("pend/gone"), "config.json");
      await index.remove(model("pend/gone"));
      await add("pend/gone");
      expect((await index.record(model("pend/gone")))?.downloads).toBe(0);
      expect(await pendingRows()).toBe(0);
    });

    it("folds what is pending when it closes, and every chunk of a large backlog", async () => {
      await add("pend/closing");
      await index.recordDownload(model("pend/closing"), "config.json");
      await index.close();
      expect(await column("pend/closing")).toBe(1);
      // 2 500 pending rows (more than two chunks), of repositories that are gone: all taken, none left.
      await store.db.query(
        `INSERT INTO hub_download_pending (repo_type, repo_key, n)
         SELECT 'model', 'pend/orphan-' || i, 1 FROM generate_series(1, 2500) AS i`,
      );
      expect(await foldDownloads(store.db)).toBe(2500);
      expect(await pendingRows()).toBe(0);
    });
  });
}

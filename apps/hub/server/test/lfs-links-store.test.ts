// The links table of lfs/repo-objects.ts on both database engines (PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set): link, look-ups scoped to one repository and type, case-insensitive ids, moves that
// carry links and drop a target's leftovers, forget, and the backfill marker the migration leaves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RepoObjectLinks } from "../src/lfs/repo-objects.js";
import { LFS_BACKFILL_META_KEY } from "../src/lfs/schema.js";
import type { Db } from "../src/store/db.js";
import { migrate } from "../src/store/migrations.js";
import { testDatabases } from "./backends.js";

const oid = (n: number) => n.toString(16).padStart(64, "0");

for (const backend of testDatabases()) {
  describe(`LFS links on ${backend.name}`, () => {
    let db: Db;
    let links: RepoObjectLinks;
    beforeAll(async () => {
      db = await backend.open();
      await migrate(db);
      links = new RepoObjectLinks(db);
    }, 60_000);
    afterAll(async () => {
      await db?.close();
      await backend.cleanup();
    });

    it("marks a fresh database for the once-only backfill", async () => {
      const rows = await db.query<{ value: string }>("SELECT value FROM hub_meta WHERE key = $1", [
        LFS_BACKFILL_META_KEY,
      ]);
      expect(rows[0]?.value).toBe("pending");
    });

    it("links objects to one repository of one type, case-insensitively, with their sizes", async () => {
      const repo = { type: "model" as const, id: "Alice/Weights" };
      await links.link(repo, [
        { oid: oid(1), size: 10 },
        { oid: oid(2), size: 5_000_000_000_000 },
        { oid: "not-a-sha", size: 1 },
      ]);
      await links.link(repo, [{ oid: oid(1), size: 10 }]); // again: no error, one row
      const found = await links.linkedSet({ type: "model", id: "alice/weights" }, [oid(1), oid(2), oid(3), "x"]);
      expect([...found.values()]).toEqual(
        expect.arrayContaining([
          { oid: oid(1), size: 10 },
          { oid: oid(2), size: 5_000_000_000_000 },
        ]),
      );
      expect(found.size).toBe(2);
      expect(await links.isLinked(repo, oid(1), 10)).toBe(true);
      expect(await links.isLinked(repo, oid(1), 11)).toBe(false);
      expect(await links.isLinked({ type: "dataset", id: "alice/weights" }, oid(1))).toBe(false);
      expect(await links.isLinked({ type: "model", id: "bob/weights" }, oid(1))).toBe(false);
    });

    it("moves links with a repository (dropping the target id's leftovers) and forgets them on delete", async () => {
      const from = { type: "model" as const, id: "alice/weights" };
      const to = { type: "model" as const, id: "alice/renamed" };
      await links.link(to, [{ oid: oid(9), size: 9 }]); // a leftover of an earlier repository at the target id
      await links.moved(from, to);
      expect(await links.isLinked(from, oid(1))).toBe(false);
      expect(await links.isLinked(to, oid(1), 10)).toBe(true);
      expect(await links.isLinked(to, oid(9))).toBe(false);
      await links.moved(to, { type: "model", id: "ALICE/RENAMED" }); // a case-only rename keeps them
      expect(await links.isLinked(to, oid(2))).toBe(true);
      await links.forget(to);
      expect((await links.linkedSet(to, [oid(1), oid(2)])).size).toBe(0);
    });

    it("answers look-ups of more oids than one query takes", async () => {
      const repo = { type: "space" as const, id: "alice/many" };
      const many = Array.from({ length: 2500 }, (_, n) => ({ oid: oid(100_000 + n), size: n }));
      await links.link(repo, many);
      expect((await links.linkedSet(repo, [...many.map((object) => object.oid), oid(7)])).size).toBe(2500);
    });
  });
}

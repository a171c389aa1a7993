// The index follows storage: registration, sync after a commit, case-insensitive look-up, privacy in listings, and
// reconcile at start healing a crash between a ref update and the index update (a commit the index missed, a
// repository created but never registered, a repository deleted behind the index's back).
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../src/auth/principal.js";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { GitStorage } from "../src/repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import { ModelStore } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";
import { temporaryFolder } from "./files.js";

const alice: Principal = { kind: "user", name: "alice", orgs: [{ name: "acme", role: "write" }], role: "write" };
const bob: Principal = { kind: "user", name: "bob", orgs: [], role: "write" };
const query = { sort: "id", direction: 1, limit: 50 } as const;

for (const database of testDatabases()) {
  describe(`repository index on ${database.name}`, () => {
    const data = temporaryFolder("index");
    let store: ModelStore;
    let storage: GitStorage;
    let index: DbRepoIndex;
    const ids = async (principal: Principal, search?: string) =>
      (await index.list("model", { ...query, ...(search ? { search } : {}) }, principal, false)).rows.map(
        (row) => row.id,
      );

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      storage = new GitStorage(join(data, "repos"), DEFAULT_STORAGE_LIMITS);
      index = new DbRepoIndex(store, storage, await new FolderLargeFileStore(join(data, "lfs")).open());
      for (const [id, isPrivate] of [
        ["acme/Public-Model", false],
        ["acme/secret-model", true],
      ] as const) {
        await storage.create({ type: "model", id });
        await index.register({ type: "model", id }, { private: isPrivate });
      }
    });
    afterAll(async () => {
      await store?.close();
      await database.cleanup();
    });

    it("looks ids up case-insensitively and keeps the stored case", async () => {
      expect(await index.lookup({ type: "model", id: "ACME/public-model" })).toMatchObject({
        id: "acme/Public-Model",
        private: false,
      });
      expect(await index.lookup({ type: "dataset", id: "acme/Public-Model" })).toBeUndefined();
    });

    it("lists private repositories only to the owner's members", async () => {
      expect(await ids({ kind: "anonymous" })).toEqual(["acme/Public-Model"]);
      expect(await ids(bob, "secret")).toEqual([]);
      expect(await ids(alice)).toEqual(["acme/Public-Model", "acme/secret-model"]);
      expect(await ids({ kind: "admin" }, "secret")).toEqual(["acme/secret-model"]);
    });

    it("syncs a commit: sha, siblings and card data", async () => {
      const ref = { type: "model", id: "acme/Public-Model" } as const;
      const { commitOid } = await storage.commit(ref, {
        branch: "main",
        operations: [
          {
            kind: "file",
            path: "README.md",
            content: Buffer.from("---\nlicense: mit\npipeline_tag: fill-mask\n---\n# x\n"),
          },
        ],
        summary: "card",
        author: "alice",
      });
      await index.sync(ref);
      const row = await index.record(ref);
      expect(row?.sha).toBe(commitOid);
      expect(row?.pipeline_tag).toBe("fill-mask");
      expect(row?.record?.cardData).toEqual({ license: "mit", pipeline_tag: "fill-mask" });
      expect(((row?.record?.siblings ?? []) as { rfilename: string }[]).map((s) => s.rfilename).sort()).toEqual([
        ".gitattributes",
        "README.md",
      ]);
    });

    it("counts downloads of query files only", async () => {
      const ref = { type: "model", id: "acme/Public-Model" } as const;
      await index.recordDownload(ref, "README.md");
      await index.recordDownload(ref, "config.json");
      await index.recordDownload(ref, "model.gguf");
      expect((await index.record(ref))?.downloads).toBe(2);
    });

    it("reconciles after a crash between storage and index", async () => {
      const missed = { type: "model", id: "acme/Public-Model" } as const;
      const { commitOid } = await storage.commit(missed, {
        branch: "main",
        operations: [{ kind: "file", path: "config.json", content: Buffer.from('{"model_type":"bert"}') }],
        summary: "config without an index update",
        author: "alice",
      });
      const unregistered = { type: "model", id: "acme/orphan" } as const;
      await storage.create(unregistered);
      await storage.delete({ type: "model", id: "acme/secret-model" });

      expect(await index.reconcile()).toEqual({ synced: 1, registered: 1, removed: 1 });
      expect((await index.record(missed))?.sha).toBe(commitOid);
      expect(await index.lookup(unregistered)).toMatchObject({ id: "acme/orphan", private: true });
      expect(await index.lookup({ type: "model", id: "acme/secret-model" })).toBeUndefined();
      expect(await index.reconcile()).toEqual({ synced: 0, registered: 0, removed: 0 });
    });

    it("renames, likes and removes", async () => {
      const from = { type: "model", id: "acme/orphan" } as const;
      expect(await index.setLike(from, "alice", true)).toBe(1);
      expect(await index.setLike(from, "alice", true)).toBe(1);
      await index.rename(from, { type: "model", id: "alice/orphan" });
      expect(await index.lookup(from)).toBeUndefined();
      expect((await index.record({ type: "model", id: "alice/orphan" }))?.likes).toBe(1);
      expect(await index.setLike({ type: "model", id: "alice/orphan" }, "alice", false)).toBe(0);
      await index.remove({ type: "model", id: "alice/orphan" });
      expect(await index.lookup({ type: "model", id: "alice/orphan" })).toBeUndefined();
    });
  });
}

// The large-file store as one repository sees it: objects not linked to the repository are missing. Given to the
// code that reads LFS bytes on a repository's behalf without a route's own check (metadata derivation reads
// safetensors and GGUF headers), so a pointer to another repository's object reveals nothing of it.
import { Readable } from "node:stream";
import type { RepoRef } from "../repos/repo-ref.js";
import type { RepoObjectLinks } from "./repo-objects.js";
import type { LargeFileStore, LfsObjectInfo } from "./store.js";

class RepoScopedStore implements LargeFileStore {
  constructor(
    private readonly store: LargeFileStore,
    private readonly links: RepoObjectLinks,
    private readonly ref: RepoRef,
  ) {}

  private async check(oid: string): Promise<void> {
    if (!(await this.links.isLinked(this.ref, oid))) throw new Error(`LFS object ${oid} is missing from the store`);
  }

  async stat(oid: string): Promise<LfsObjectInfo | undefined> {
    const stored = await this.store.stat(oid);
    return stored !== undefined && (await this.links.isLinked(this.ref, oid, stored.size)) ? stored : undefined;
  }

  async put(oid: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    await this.store.put(oid, size, body);
    await this.links.link(this.ref, [{ oid, size }]);
  }

  read(oid: string, range?: { start: number; end: number }): Readable {
    const { store } = this;
    const check = () => this.check(oid);
    return Readable.from(
      (async function* () {
        await check();
        yield* store.read(oid, range);
      })(),
    );
  }

  async readBytes(oid: string, start: number, length: number): Promise<Buffer> {
    await this.check(oid);
    return this.store.readBytes(oid, start, length);
  }
}

export function repoScopedStore(store: LargeFileStore, links: RepoObjectLinks, ref: RepoRef): LargeFileStore {
  return new RepoScopedStore(store, links, ref);
}

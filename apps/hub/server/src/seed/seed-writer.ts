// Writes seed repositories fast: ~700 repositories through storage.create + storage.commit + a sync from git took
// over a minute (about 14 git processes each). Instead, one repository per type is made by storage.create as a
// template (hook, config, initial commit); each seed repository is a copy of it, built beside its final place,
// given its files as loose objects written in-process (loose-objects.ts: no git process per repository), and
// renamed in (atomic, like create). Its metadata is derived from the files in memory (MemoryCommit), so indexing
// needs no git process either.

import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { lfsPointer } from "../lfs/pointer.js";
import type { LargeFileStore } from "../lfs/store.js";
import { defaultGitattributes } from "../repos/default-gitattributes.js";
import type { RepoRef, RepoType } from "../repos/repo-ref.js";
import type { RepoStorage } from "../repos/storage.js";
import { writeLooseCommit } from "./loose-objects.js";
import { MemoryCommit, type MemoryFile } from "./memory-commit.js";
import type { SeedFile } from "./seed-files.js";

const AUTHOR = "hubkit";
const AUTHOR_EMAIL = "hubkit@users.noreply.hubkit";

/** git's object id of a blob. */
export function blobOid(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}

interface Template {
  dir: string;
  commit: string;
  gitattributes: Buffer;
  /** The template's folders (parents first) and files, held in memory: copying them with fs.cp cost more than
   * everything else of a seed repository (a stat, an opendir and a chmod per entry). */
  folders: string[];
  files: { path: string; content: Buffer; mode: number }[];
}

async function snapshot(dir: string): Promise<Pick<Template, "folders" | "files">> {
  const folders: string[] = [];
  const files: Template["files"] = [];
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
      const path = relative === "" ? entry.name : join(relative, entry.name);
      if (entry.isDirectory()) {
        folders.push(path);
        await walk(path);
      } else if (entry.isFile())
        files.push({
          path,
          content: await readFile(join(dir, path)),
          mode: (await stat(join(dir, path))).mode & 0o777,
        });
    }
  };
  await walk("");
  return { folders, files };
}

export class SeedWriter {
  private readonly templates = new Map<RepoType, Promise<Template>>();
  private readonly scratch: string;

  constructor(
    private readonly storage: RepoStorage,
    private readonly lfs: LargeFileStore,
  ) {
    // Beside the type folders, outside the `{type}s/{owner}/{name}.git` pattern that reconcile scans.
    const typeDir = dirname(dirname(storage.gitDir({ type: "model", id: "hubkit/probe" })));
    this.scratch = join(dirname(typeDir), `.seed-${randomBytes(6).toString("hex")}`);
  }

  private template(type: RepoType): Promise<Template> {
    let template = this.templates.get(type);
    if (template === undefined) {
      template = this.makeTemplate(type);
      this.templates.set(type, template);
    }
    return template;
  }

  private async makeTemplate(type: RepoType): Promise<Template> {
    const ref = { type, id: `hubkit-seed-template/${randomBytes(6).toString("hex")}` };
    const { commitOid } = await this.storage.create(ref);
    const dir = join(this.scratch, `${type}.git`);
    await mkdir(this.scratch, { recursive: true });
    await rename(this.storage.gitDir(ref), dir);
    // git init's sample hooks are a dozen files per copy that nothing runs.
    for (const name of await readdir(join(dir, "hooks")))
      if (name.endsWith(".sample")) await rm(join(dir, "hooks", name), { force: true });
    await rm(dirname(this.storage.gitDir(ref)), { recursive: true, force: true });
    return {
      dir,
      commit: commitOid,
      gitattributes: Buffer.from(defaultGitattributes(type)),
      ...(await snapshot(dir)),
    };
  }

  /**
   * Creates `ref` with `files` in one commit on `main`; returns the commit as a MemoryCommit for derivation.
   * Large files (`lfs: true`) go to the LFS store and are committed as pointers.
   */
  async write(ref: RepoRef, files: readonly (SeedFile & { lfs?: boolean })[], message: string): Promise<MemoryCommit> {
    const template = await this.template(ref.type);
    const finalDir = this.storage.gitDir(ref);
    const buildDir = `${finalDir}.tmp-${randomBytes(6).toString("hex")}`;
    await mkdir(dirname(finalDir), { recursive: true });
    const seconds = Math.floor(Date.now() / 1000);
    // A repository's own .gitattributes (seed-files.ts adds *.gguf) replaces the template's default one.
    const own = files.find((file) => file.path === ".gitattributes");
    const entries: MemoryFile[] = [{ path: ".gitattributes", content: own?.content ?? template.gitattributes }];
    for (const file of files) {
      if (file === own) continue;
      if (file.lfs !== true) {
        entries.push({ path: file.path, content: file.content });
        continue;
      }
      const oid = createHash("sha256").update(file.content).digest("hex");
      if ((await this.lfs.stat(oid)) === undefined)
        await this.lfs.put(oid, file.content.length, Readable.from([file.content]));
      entries.push({
        path: file.path,
        content: Buffer.from(lfsPointer(oid, file.content.length)),
        lfs: { oid, size: file.content.length },
      });
    }
    try {
      await mkdir(buildDir);
      for (const folder of template.folders) await mkdir(join(buildDir, folder));
      await Promise.all(
        template.files.map((file) => writeFile(join(buildDir, file.path), file.content, { mode: file.mode })),
      );
      const commit = await writeLooseCommit(
        buildDir,
        entries,
        template.commit,
        { name: AUTHOR, email: AUTHOR_EMAIL, seconds },
        message,
      );
      await writeFile(join(buildDir, "refs", "heads", "main"), `${commit}\n`);
      await rename(buildDir, finalDir);
      return new MemoryCommit(ref, commit, new Date(seconds * 1000).toISOString(), entries);
    } finally {
      await rm(buildDir, { recursive: true, force: true });
    }
  }

  /** Removes the templates. */
  async close(): Promise<void> {
    await Promise.allSettled(this.templates.values());
    await rm(this.scratch, { recursive: true, force: true });
  }
}

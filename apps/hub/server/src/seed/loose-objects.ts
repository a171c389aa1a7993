// Writes one commit's git objects as loose objects, in-process: the seed's ~700 repositories each spawned a
// `git fast-import` (a fork of the whole Node process plus git's start-up), which took most of the first start on
// a loaded 2-core machine. A loose object is only `zlib("<type> <size>\0" + body)` at `objects/ab/cdef…`, and a
// tree is a sorted list of `<mode> <name>\0<20-byte id>`: small enough to write here exactly as git would
// (`git fsck --strict` checks the result in seed-repos.test.ts).
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { deflate } from "node:zlib";

const deflateAsync = promisify(deflate);

export interface LooseFile {
  path: string;
  content: Buffer;
}

export interface CommitIdentity {
  name: string;
  email: string;
  seconds: number;
}

/** Stores one object; returns its id. An object that exists already is left alone (same id, same bytes). */
async function writeObject(gitDir: string, type: "blob" | "tree" | "commit", body: Buffer): Promise<string> {
  const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
  const oid = createHash("sha1").update(raw).digest("hex");
  const dir = join(gitDir, "objects", oid.slice(0, 2));
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, oid.slice(2)), await deflateAsync(raw), { flag: "wx", mode: 0o444 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return oid;
}

interface Folder {
  files: Map<string, Buffer>;
  folders: Map<string, Folder>;
}

function folderOf(files: readonly LooseFile[]): Folder {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const file of files) {
    const parts = file.path.split("/");
    const name = parts.pop() as string;
    let folder = root;
    for (const part of parts) {
      let next = folder.folders.get(part);
      if (next === undefined) {
        next = { files: new Map(), folders: new Map() };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.set(name, file.content);
  }
  return root;
}

/** git orders tree entries by name bytes, a folder compared as if its name ended with "/". */
const sortKey = (name: string, folder: boolean) => Buffer.from(folder ? `${name}/` : name);

async function writeTree(gitDir: string, folder: Folder): Promise<string> {
  const entries: { key: Buffer; mode: string; name: string; oid: string }[] = [];
  for (const [name, content] of folder.files)
    entries.push({ key: sortKey(name, false), mode: "100644", name, oid: await writeObject(gitDir, "blob", content) });
  for (const [name, sub] of folder.folders)
    entries.push({ key: sortKey(name, true), mode: "40000", name, oid: await writeTree(gitDir, sub) });
  entries.sort((a, b) => Buffer.compare(a.key, b.key));
  const body = Buffer.concat(
    entries.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.oid, "hex")]),
  );
  return writeObject(gitDir, "tree", body);
}

/**
 * Writes `files` (the whole tree: paths already checked by the caller) and a commit on top of `parent` into the
 * bare repository `gitDir`; returns the commit id. Refs are the caller's job.
 */
export async function writeLooseCommit(
  gitDir: string,
  files: readonly LooseFile[],
  parent: string,
  who: CommitIdentity,
  message: string,
): Promise<string> {
  const tree = await writeTree(gitDir, folderOf(files));
  const signature = `${who.name} <${who.email}> ${who.seconds} +0000`;
  const body = `tree ${tree}\nparent ${parent}\nauthor ${signature}\ncommitter ${signature}\n\n${message}\n`;
  return writeObject(gitDir, "commit", Buffer.from(body));
}

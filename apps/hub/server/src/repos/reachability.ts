// Whether a commit named by its id is reachable from a ref of its repository. A deleted branch or a force-push
// leaves its commits in the object store until git prunes them; reads by commit id (resolve, tree, paths-info,
// commits, raw, revision info, a branch or tag made at an id) must not serve them. Answers are cached per
// repository and state of its refs: the refs' fingerprint is read from the files git keeps them in (`packed-refs`
// and loose files under `refs/`), in-process, so a repeated read by id costs no git process; any ref move changes
// the fingerprint and starts a fresh answer set.
import { createHash, type Hash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { git } from "./git-run.js";

/** Repositories whose answers are kept (least recently used dropped first). */
const MAX_REPOS = 256;
/** Answers kept per repository and ref state. */
const MAX_ANSWERS = 1024;
/** Ref folders followed (`refs/heads/a/b/c…`) and loose refs read; past either, no fingerprint (no caching). */
const MAX_REF_DEPTH = 16;
const MAX_LOOSE_REFS = 4096;

interface Answers {
  refs: string;
  reachable: Map<string, boolean>;
}

export class Reachability {
  private readonly cache = new Map<string, Answers>();

  constructor(private readonly timeoutMs: number) {}

  async isReachable(gitDir: string, commit: string): Promise<boolean> {
    const refs = await refsFingerprint(gitDir);
    let answers = this.cache.get(gitDir);
    this.cache.delete(gitDir);
    if (refs === undefined) return this.ask(gitDir, commit);
    if (answers === undefined || answers.refs !== refs) answers = { refs, reachable: new Map() };
    this.cache.set(gitDir, answers);
    if (this.cache.size > MAX_REPOS) this.cache.delete(this.cache.keys().next().value as string);
    const known = answers.reachable.get(commit);
    if (known !== undefined) return known;
    const reachable = await this.ask(gitDir, commit);
    if (answers.reachable.size >= MAX_ANSWERS) answers.reachable.clear();
    answers.reachable.set(commit, reachable);
    return reachable;
  }

  private async ask(gitDir: string, commit: string): Promise<boolean> {
    const out = await git(["for-each-ref", "--contains", commit, "--count=1", "--format=x", "refs/"], {
      gitDir,
      timeoutMs: this.timeoutMs,
    });
    return out.length > 0;
  }
}

/** A hash of every ref's file (name and content), or undefined when there are too many to read. */
async function refsFingerprint(gitDir: string): Promise<string | undefined> {
  const hash = createHash("sha1");
  hash.update(await readFile(join(gitDir, "packed-refs")).catch(() => Buffer.alloc(0)));
  const count = { files: 0 };
  const complete = await hashLooseRefs(join(gitDir, "refs"), "refs", hash, count, 0);
  return complete ? hash.digest("hex") : undefined;
}

async function hashLooseRefs(
  dir: string,
  name: string,
  hash: Hash,
  count: { files: number },
  depth: number,
): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth >= MAX_REF_DEPTH || !(await hashLooseRefs(path, `${name}/${entry.name}`, hash, count, depth + 1)))
        return false;
    } else if (entry.isFile() && !entry.name.endsWith(".lock")) {
      if (++count.files > MAX_LOOSE_REFS) return false;
      // A file renamed away meanwhile hashes as missing: the next read sees the new state anyway.
      hash.update(`\0${name}/${entry.name}\0`);
      hash.update(await readFile(path).catch(() => Buffer.from("?")));
    }
  }
  return true;
}

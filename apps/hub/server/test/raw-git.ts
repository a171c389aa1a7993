// Hand-made git objects for push tests: trees whose names git's own porcelain would never write (`.git.`, `..`,
// backslashes, control characters, empty names), written as loose objects into a scratch repository and pushed
// by commit id. A tree here has one entry per level, so no sorting rules apply.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

export type ObjectType = "blob" | "tree" | "commit" | "tag";

export class RawRepo {
  constructor(
    /** The `.git` folder of a scratch repository. */
    readonly gitDir: string,
  ) {}

  write(type: ObjectType, body: Buffer): string {
    const raw = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
    const oid = createHash("sha1").update(raw).digest("hex");
    const dir = join(this.gitDir, "objects", oid.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(join(dir, oid.slice(2)), deflateSync(raw), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return oid;
  }

  tree(entries: readonly { mode: string; name: string; oid: string }[]): string {
    return this.write(
      "tree",
      Buffer.concat(
        entries.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.oid, "hex")]),
      ),
    );
  }

  /** A tree holding only `path` (split at `/`, every part taken literally) with `content`. */
  treeWithPath(path: string, content: Buffer, mode = "100644"): string {
    const parts = path.split("/");
    let oid = mode === "160000" ? content.toString() : this.write("blob", content);
    let entryMode = mode;
    for (const name of parts.reverse()) {
      oid = this.tree([{ mode: entryMode, name, oid }]);
      entryMode = "40000";
    }
    return oid;
  }

  commit(tree: string, message: string | Buffer, parents: readonly string[] = [], seconds = 1_700_000_000): string {
    const person = `Fuzz <fuzz@example.com> ${seconds} +0000`;
    const head = [
      `tree ${tree}`,
      ...parents.map((parent) => `parent ${parent}`),
      `author ${person}`,
      `committer ${person}`,
    ];
    return this.write("commit", Buffer.concat([Buffer.from(`${head.join("\n")}\n\n`), Buffer.from(message)]));
  }
}

// Whether a commit named by its id is reachable from a ref of its repository. A deleted branch or a force-push
// leaves its commits in the object store until git prunes them; reads by commit id (resolve, tree, paths-info,
// commits, raw, revision info) must not serve them. The answer is cached per repository and set of ref tips, so a
// repeated read costs one `for-each-ref`; any ref move changes the tips and starts a fresh answer set.
import { createHash } from "node:crypto";
import { git } from "./git-run.js";

/** Repositories whose answers are kept (least recently used dropped first). */
const MAX_REPOS = 256;
/** Answers kept per repository and tip set. */
const MAX_ANSWERS = 1024;

interface Answers {
  tips: string;
  reachable: Map<string, boolean>;
}

export class Reachability {
  private readonly cache = new Map<string, Answers>();

  constructor(private readonly timeoutMs: number) {}

  async isReachable(gitDir: string, commit: string): Promise<boolean> {
    const run = (args: readonly string[]) => git(args, { gitDir, timeoutMs: this.timeoutMs });
    const tipList = (await run(["for-each-ref", "--format=%(objectname)", "refs/"])).toString();
    const tips = createHash("sha1").update(tipList).digest("hex");
    let answers = this.cache.get(gitDir);
    this.cache.delete(gitDir);
    if (answers === undefined || answers.tips !== tips) answers = { tips, reachable: new Map() };
    this.cache.set(gitDir, answers);
    if (this.cache.size > MAX_REPOS) this.cache.delete(this.cache.keys().next().value as string);
    const known = answers.reachable.get(commit);
    if (known !== undefined) return known;
    const reachable =
      tipList.split("\n").includes(commit) ||
      (await run(["for-each-ref", "--contains", commit, "--count=1", "--format=x", "refs/"])).length > 0;
    if (answers.reachable.size >= MAX_ANSWERS) answers.reachable.clear();
    answers.reachable.set(commit, reachable);
    return reachable;
  }
}

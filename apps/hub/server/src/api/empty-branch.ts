// The start of an empty branch (`create_branch` with `emptyBranch: true`, JS `createBranch({ empty: true })`): as on
// the hub, a root commit (no parent) of the empty tree, so the branch shares no history and holds no file. Only the
// objects are written here; the branch itself is created by storage.createBranch, like any other.
import type { HubContext } from "../hub-context.js";
import { git } from "../repos/git-run.js";
import type { RepoRef } from "../repos/repo-ref.js";

/** Writes the empty tree and a parentless commit of it by `author`; returns the commit id. */
export async function emptyRootCommit(ctx: HubContext, ref: RepoRef, author: string): Promise<string> {
  const options = { gitDir: ctx.storage.gitDir(ref), timeoutMs: ctx.config.storageLimits.gitTimeoutMs };
  const tree = (await git(["mktree"], { ...options, input: "" })).toString().trim();
  const name = author.replace(/[<>\n]/g, "") || "unknown";
  const mail = `${name.replace(/[^A-Za-z0-9._-]/g, "_")}@users.noreply.hubkit`;
  const date = `${Math.floor(Date.now() / 1000)} +0000`;
  const env = {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: mail,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: mail,
    GIT_COMMITTER_DATE: date,
  };
  return (await git(["commit-tree", tree, "-F", "-"], { ...options, input: "Empty branch\n", env })).toString().trim();
}

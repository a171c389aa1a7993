// Branch creation beyond a plain start revision (JS `createBranch({ empty, overwrite })`): an empty branch starts,
// as on the hub, at a root commit (no parent) of the empty tree, so it shares no history and holds no file; with
// `overwrite` an existing branch is moved to the new start by compare-and-swap (a commit landing in between makes
// it a 412, never a lost commit). A new branch is created by storage.createBranch, like any other.
import type { HubContext } from "../hub-context.js";
import { git, runGit } from "../repos/git-run.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { StaleParentError } from "./api-error.js";

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

/** Moves the existing branch `name` from `current` to `target` (compare-and-swap); 412 if it moved meanwhile. */
export async function overwriteBranch(
  ctx: HubContext,
  ref: RepoRef,
  name: string,
  current: string,
  target: string,
): Promise<void> {
  const options = { gitDir: ctx.storage.gitDir(ref), timeoutMs: ctx.config.storageLimits.gitTimeoutMs };
  const moved = await runGit(["update-ref", `refs/heads/${name}`, target, current], options);
  if (moved.code !== 0) throw new StaleParentError();
}

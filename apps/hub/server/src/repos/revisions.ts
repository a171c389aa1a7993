// Revision and ref names as clients send them, checked before they reach git so that no value can be read as an
// option or as git's revision syntax (`~`, `^`, `@{…}`, `:`): branches, tags, `refs/…` names, commit ids.
import { ApiError } from "../api/api-error.js";

const REF_NAME = /^[A-Za-z0-9._/+-]{1,255}$/;

/** A branch or tag name (or a `refs/…` path) git would accept, in the conservative subset the hub uses. */
export function isSafeRefName(name: string): boolean {
  return (
    REF_NAME.test(name) &&
    !name.startsWith("-") &&
    !name.startsWith("/") &&
    !name.endsWith("/") &&
    !name.endsWith(".") &&
    !name.includes("..") &&
    !name.includes("//") &&
    !name.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"))
  );
}

export const COMMIT_ID = /^[0-9a-f]{40}$/;
export const ABBREVIATED_COMMIT_ID = /^[0-9a-f]{7,40}$/;

/** A name for a new branch: not `refs/…` (`refs/pr/5`, `refs/x/y` are 400 on the hub), not HEAD. */
export function checkedBranchName(name: string): string {
  if (!isSafeRefName(name) || name.startsWith("refs/") || name === "HEAD")
    throw new ApiError(400, "Invalid reference for a branch");
  return name;
}

export function checkedTagName(name: string): string {
  if (!isSafeRefName(name) || name.startsWith("refs/") || name === "HEAD")
    throw new ApiError(400, "Invalid reference for a tag");
  return name;
}

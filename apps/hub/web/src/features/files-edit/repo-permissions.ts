// What the viewer may do to a repository's files, as the server decides it (`GET /api/web/permissions/…`,
// server/src/api/web-permissions.ts): `write` = commit directly, `pullRequest` = propose a change as a pull request.
// The site never guesses this from names (an organization's read-role member is a member but no writer). Asked once
// per repository and page load; a failed answer counts as "neither" (the server refuses anyway).
import { getJson } from "../../lib/api";
import { type AsyncState, useAsync } from "../../lib/use-async";
import type { RepoId } from "../repo/repo-url";
import { encodePath } from "../repo/repo-url";

export interface RepoPermissions {
  write: boolean;
  pullRequest: boolean;
}

export const NO_PERMISSIONS: RepoPermissions = { write: false, pullRequest: false };

const asked = new Map<string, Promise<RepoPermissions>>();

export function loadPermissions(repo: RepoId): Promise<RepoPermissions> {
  const key = `${repo.type}:${repo.id}`;
  let answer = asked.get(key);
  if (answer === undefined) {
    answer = getJson<RepoPermissions>(`/api/web/permissions/${repo.type}s/${encodePath(repo.id)}`).then(
      ({ data }) => ({ write: data.write === true, pullRequest: data.pullRequest === true }),
      () => {
        asked.delete(key);
        return NO_PERMISSIONS;
      },
    );
    asked.set(key, answer);
  }
  return answer;
}

/** The permissions, or undefined while they are asked. */
export function useRepoPermissions(repo: RepoId): RepoPermissions | undefined {
  const state = useAsync(`permissions:${repo.type}:${repo.id}`, () => loadPermissions(repo));
  return state.status === "ready" ? state.data : state.status === "error" ? NO_PERMISSIONS : undefined;
}

/** The permissions for a page that adds or changes files: an error when the viewer may neither write nor propose. */
export function useChangePermissions(repo: RepoId): AsyncState<RepoPermissions> {
  return useAsync(`permissions:${repo.type}:${repo.id}`, async () => {
    const permissions = await loadPermissions(repo);
    if (!permissions.write && !permissions.pullRequest)
      throw new Error(`You cannot add files to ${repo.id} or propose changes to it`);
    return permissions;
  });
}

// The site's addresses of the Community tab and of one discussion, as the hub spells them
// (`/{id}/discussions/{num}`, `/datasets/{id}/…`, `/spaces/{id}/…`).
import { type RepoId, repoPagePath } from "../repo/repo-url";

export function communityPath(repo: RepoId): string {
  return `${repoPagePath(repo)}/discussions`;
}

export function discussionPath(repo: RepoId, num: number): string {
  return `${communityPath(repo)}/${num}`;
}

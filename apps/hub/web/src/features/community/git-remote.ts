// The repository's git address on this hub (`{origin}/{id}`, `/datasets/…`, `/spaces/…`), for the fetch commands.
import { type RepoId, repoPagePath } from "../repo/repo-url";

export function gitRemote(repo: RepoId): string {
  return `${window.location.origin}${repoPagePath(repo)}`;
}

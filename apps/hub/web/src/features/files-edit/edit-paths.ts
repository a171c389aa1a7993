// Addresses of the file-changing pages, as the hub spells them: `/{id}/upload/{rev}/{folder}`,
// `/{id}/new/{rev}/{folder}`, `/{id}/edit/{rev}/{path}`, `/{id}/delete/{rev}/{path}` (each under the repository's
// page prefix; the revision one encoded segment, each path segment encoded on its own).
import { encodePath, type RepoId, repoPagePath } from "../repo/repo-url";

export type EditAction = "upload" | "new" | "edit" | "delete";

export function editPagePath(repo: RepoId, action: EditAction, rev: string, path: string): string {
  const tail = path === "" ? "" : `/${encodePath(path)}`;
  return `${repoPagePath(repo)}/${action}/${encodeURIComponent(rev)}${tail}`;
}

/** The folder that holds `path` ("" for the root). */
export function folderOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

// The buttons of a file view's header, where the hub puts them: "Edit" for text files (not LFS) and "Delete" for
// those the server lets write; "Open a pull request" (the same editor, committing as a pull request) for signed-in
// readers it lets propose changes; binary and LFS files get "Replace" (an upload into their folder) instead of an
// editor. Nothing for visitors.
import { Link } from "../../components/link";
import type { RepoId } from "../repo/repo-url";
import { editPagePath, folderOf } from "./edit-paths";
import { useRepoPermissions } from "./repo-permissions";

export function FileActions({
  repo,
  rev,
  path,
  editable,
}: {
  repo: RepoId;
  rev: string;
  path: string;
  /** A text file small enough for the browser editor (not LFS, not binary). */
  editable: boolean;
}) {
  const permissions = useRepoPermissions(repo);
  if (permissions === undefined) return null;
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (permissions.write)
    return (
      <>
        {editable ? (
          <Link href={editPagePath(repo, "edit", rev, path)} className="button-link small" aria-label={`Edit ${name}`}>
            Edit
          </Link>
        ) : (
          <Link
            href={editPagePath(repo, "upload", rev, folderOf(path))}
            className="button-link small"
            aria-label={`Replace ${name} (upload a file of the same name)`}
          >
            Replace
          </Link>
        )}
        <Link
          href={editPagePath(repo, "delete", rev, path)}
          className="button-link small"
          aria-label={`Delete ${name}`}
        >
          Delete
        </Link>
      </>
    );
  if (permissions.pullRequest && editable)
    return (
      <Link href={editPagePath(repo, "edit", rev, path)} className="button-link small">
        Open a pull request
      </Link>
    );
  return null;
}

// Files and folders dropped onto the Files tab open the upload page for the folder shown, with what was dropped
// already listed there (pending-drop.ts), so the viewer sees what will be committed before committing. Only for
// viewers the server lets add files (write, or a pull request); for others the tab is no drop target at all.
import { type DragEvent, type ReactNode, useState } from "react";
import { navigate } from "../../lib/navigation";
import type { RepoId } from "../repo/repo-url";
import { droppedFiles } from "./dropped-files";
import { editPagePath } from "./edit-paths";
import { leaveDrop } from "./pending-drop";
import type { RepoPermissions } from "./repo-permissions";

/** Whether a drag carries files (not text or a link dragged within the page). */
export function carriesFiles(event: DragEvent<HTMLElement>): boolean {
  return [...event.dataTransfer.types].includes("Files");
}

export function FilesDropTarget({
  repo,
  rev,
  folder,
  permissions,
  children,
}: {
  repo: RepoId;
  rev: string;
  folder: string;
  permissions: RepoPermissions | undefined;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  if (permissions === undefined || (!permissions.write && !permissions.pullRequest)) return <>{children}</>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; by keyboard the same upload is "Add file" → "Upload files".
    <div
      className={`files-drop-target${dragging ? " dragging" : ""}`}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget))
          setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        void droppedFiles(event.dataTransfer).then((drop) => {
          if (drop.files.length === 0 && drop.leftOut === 0 && drop.skippedGit === 0) return;
          leaveDrop(`${repo.type}:${repo.id}`, rev, folder, drop);
          navigate(editPagePath(repo, "upload", rev, folder));
        });
      }}
    >
      {dragging ? (
        <p className="files-drop-hint" aria-hidden="true">
          Drop files or folders to upload them {folder === "" ? "to the repository" : `into ${folder}`}
        </p>
      ) : null}
      {children}
    </div>
  );
}

// "Files changed": the pull request's diff against its target (from the details' `diff`, split by parseDiff), each
// file's patch in the commit page's diff view.
import { Patch } from "../repo/commit-view";
import type { DiscussionContext } from "./discussion-page";
import { parseDiff } from "./pr-diff";

const STATUS_LABEL = { added: "Added", modified: "Modified", deleted: "Deleted", renamed: "Renamed" } as const;

export function PullRequestFiles({ context }: { context: DiscussionContext }) {
  const diff = context.discussion.diff ?? "";
  const { files, truncated } = parseDiff(diff);
  return (
    <section aria-labelledby="files-heading" className="repo-commit pr-files">
      <h3 id="files-heading">Files changed ({files.length})</h3>
      {files.length === 0 ? <p className="muted">No file differs from the target branch.</p> : null}
      {files.map((file) => (
        <section key={`${file.oldPath ?? ""}>${file.path}`} className="diff-file" aria-label={file.path}>
          <h4 className="break">
            <span className={`badge diff-${file.status}`}>{STATUS_LABEL[file.status]}</span> {file.path}
            {file.oldPath ? <span className="muted small"> (from {file.oldPath})</span> : null}
          </h4>
          {file.binary ? (
            <p className="muted small">Binary file</p>
          ) : file.patch !== "" ? (
            <Patch patch={file.patch} />
          ) : (
            <p className="muted small">No content change</p>
          )}
        </section>
      ))}
      {truncated ? <p className="muted small">The diff is too large to show in full.</p> : null}
    </section>
  );
}

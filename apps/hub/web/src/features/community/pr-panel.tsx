// A pull request's facts: the branch it targets, its git ref `refs/pr/N` with the commands that fetch it, its
// commits, conflicting files, and "Merge" for writers (the server's 409 message shown when the target branch moved
// in a way that conflicts). Once merged, the merge commit is linked.
import { useState } from "react";
import { CodeBlock } from "../../components/code-block";
import { Link } from "../../components/link";
import { FormProblem } from "../../components/status";
import { repoPagePath } from "../repo/repo-url";
import { type CommitEvent, mergePullRequest } from "./community-api";
import type { DiscussionContext } from "./discussion-page";
import { gitRemote } from "./git-remote";

export function PullRequestPanel({ context }: { context: DiscussionContext }) {
  const { repo, discussion, canWrite, refresh } = context;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const ref = `refs/pr/${discussion.num}`;
  const base = (discussion.changes?.base ?? "refs/heads/main").replace(/^refs\/heads\//, "");
  const commits = discussion.events.filter((event): event is CommitEvent => event.type === "commit");
  const conflicts = Array.isArray(discussion.filesWithConflicts) ? discussion.filesWithConflicts : [];
  const mergeable = discussion.status === "open" || discussion.status === "draft";
  const merge = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await mergePullRequest(repo, discussion.num);
      refresh();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const commands = `git fetch ${gitRemote(repo)} ${ref}:pr/${discussion.num}\ngit checkout pr/${discussion.num}`;
  return (
    <section className="card pr-panel" aria-labelledby="pr-heading">
      <h3 id="pr-heading">Pull request</h3>
      <p className="break">
        {discussion.status === "merged"
          ? "Merged"
          : discussion.status === "closed"
            ? "Closed without merging"
            : "Wants to merge"}{" "}
        <code>{ref}</code> into{" "}
        <Link href={repoPagePath(repo, { kind: "tree", rev: base, path: "" })}>
          <code>{base}</code>
        </Link>
        .{" "}
        <Link href={repoPagePath(repo, { kind: "tree", rev: ref, path: "" })}>
          Browse the files of this pull request
        </Link>
      </p>
      <p className="muted small">Fetch it with git:</p>
      <CodeBlock code={commands} language="sh" />
      {discussion.changes?.mergeCommitId ? (
        <p className="ok">
          Merged as{" "}
          <Link href={repoPagePath(repo, { kind: "commit", sha: discussion.changes.mergeCommitId })}>
            <code>{discussion.changes.mergeCommitId.slice(0, 7)}</code>
          </Link>
          .
        </p>
      ) : null}
      <h4>Commits ({commits.length})</h4>
      {commits.length === 0 ? (
        <p className="muted small">No commits yet: push to {ref} or upload files with "Open a pull request".</p>
      ) : (
        <ol className="commit-list">
          {commits.map((commit) => (
            <li key={commit.id}>
              <Link href={repoPagePath(repo, { kind: "commit", sha: commit.data.oid })} className="break">
                {commit.data.subject || "(no message)"}
              </Link>{" "}
              <code className="muted small">{commit.data.oid.slice(0, 7)}</code>
            </li>
          ))}
        </ol>
      )}
      {conflicts.length > 0 || discussion.filesWithConflicts === true ? (
        <div className="error">
          <p>
            Files changed on {base} as well{conflicts.length > 0 ? ":" : "."}
          </p>
          {conflicts.length > 0 ? (
            <ul>
              {conflicts.slice(0, 100).map((path) => (
                <li key={path} className="break">
                  <code>{path}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {canWrite && mergeable ? (
        <p>
          <button type="button" className="primary" onClick={merge} disabled={busy}>
            {busy ? "Merging…" : `Merge into ${base}`}
          </button>
        </p>
      ) : null}
      <FormProblem problem={problem} />
    </section>
  );
}

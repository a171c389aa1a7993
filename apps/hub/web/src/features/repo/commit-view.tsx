// A commit's page: message, author, date, parent, and the diff of its files from the site route
// `GET /api/{type}s/{id}/diff/{sha}` (server/src/api/web-diff.ts), each text file's patch with added and removed
// lines marked (by a sign and colour, so it reads without colour too).
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { getJson } from "../../lib/api";
import { useAsync } from "../../lib/use-async";
import type { CommitDiff } from "./repo-data";
import { type RepoId, repoApiPath, repoPagePath } from "./repo-url";

const STATUS_LABEL: Record<CommitDiff["files"][number]["status"], string> = {
  added: "Added",
  modified: "Modified",
  deleted: "Deleted",
  renamed: "Renamed",
  typechange: "Type changed",
};

function lineClass(line: string): string | undefined {
  if (line.startsWith("@@")) return "diff-hunk";
  if (line.startsWith("+")) return "diff-add";
  if (line.startsWith("-")) return "diff-del";
  return undefined;
}

export function Patch({ patch }: { patch: string }) {
  const lines = patch.endsWith("\n") ? patch.slice(0, -1).split("\n") : patch.split("\n");
  return (
    <pre className="diff">
      <code>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one patch, in order
          <span key={index} className={lineClass(line)}>
            {line === "" ? " " : line}
          </span>
        ))}
      </code>
    </pre>
  );
}

export default function CommitView({ repo, sha }: { repo: RepoId; sha: string }) {
  const state = useAsync(`diff:${repo.type}:${repo.id}@${sha}`, (signal) =>
    getJson<CommitDiff>(repoApiPath(repo, `/diff/${encodeURIComponent(sha)}`), signal).then((r) => r.data),
  );
  return (
    <AsyncView
      state={state}
      what={`commit ${sha.slice(0, 10)}`}
      render={({ commit, files, truncated }) => (
        <section aria-labelledby="commit-heading" className="repo-commit">
          <h2 id="commit-heading">{commit.title || "(no message)"}</h2>
          {commit.message ? <p className="commit-message">{commit.message}</p> : null}
          <p className="muted small break">
            {commit.author} committed <time dateTime={commit.date}>{new Date(commit.date).toLocaleString("en")}</time> ·
            commit <code>{commit.id}</code>
            {commit.parents[0] ? (
              <>
                {" "}
                · parent{" "}
                <Link href={repoPagePath(repo, { kind: "commit", sha: commit.parents[0] })}>
                  <code>{commit.parents[0].slice(0, 7)}</code>
                </Link>
              </>
            ) : null}{" "}
            ·{" "}
            <Link href={repoPagePath(repo, { kind: "tree", rev: commit.id, path: "" })}>
              Browse files at this commit
            </Link>
          </p>
          <p>
            {files.length} {files.length === 1 ? "file" : "files"} changed{truncated ? " (more not listed)" : ""}
          </p>
          {files.map((file) => (
            <section key={`${file.oldPath ?? ""}>${file.path}`} className="diff-file" aria-label={file.path}>
              <h3 className="break">
                <span className={`badge diff-${file.status}`}>{STATUS_LABEL[file.status]}</span>{" "}
                {file.status === "deleted" ? (
                  file.path
                ) : (
                  <Link href={repoPagePath(repo, { kind: "blob", rev: commit.id, path: file.path })}>{file.path}</Link>
                )}
                {file.oldPath ? <span className="muted small"> (from {file.oldPath})</span> : null}
              </h3>
              {file.binary ? (
                <p className="muted small">Binary file</p>
              ) : file.patch !== undefined && file.patch !== "" ? (
                <Patch patch={file.patch} />
              ) : file.patch === "" ? (
                <p className="muted small">No content change</p>
              ) : null}
              {file.truncated ? (
                <p className="muted small">The diff of this file is too large to show in full.</p>
              ) : null}
            </section>
          ))}
        </section>
      )}
    />
  );
}

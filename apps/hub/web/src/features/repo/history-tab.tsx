// The History section: the commits reachable from a revision, newest first, PAGE commits per page (the API's `p`
// page and its X-Total-Count), each linking to its commit page.
import { useState } from "react";
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { getJson } from "../../lib/api";
import { useAsync } from "../../lib/use-async";
import type { CommitEntry } from "./repo-data";
import { type RepoId, repoApiPath, repoPagePath } from "./repo-url";
import { RevisionPicker } from "./revision-picker";

const PAGE = 50;

export default function HistoryTab({ repo, rev }: { repo: RepoId; rev: string }) {
  const [page, setPage] = useState(0);
  const state = useAsync(`commits:${repo.type}:${repo.id}@${rev}:${page}`, async (signal) => {
    const { data, response } = await getJson<CommitEntry[]>(
      repoApiPath(repo, `/commits/${encodeURIComponent(rev)}?limit=${PAGE}&p=${page}`),
      signal,
    );
    const total = Number(response.headers.get("x-total-count"));
    return { commits: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
  });
  return (
    <section aria-labelledby="history-heading" className="repo-history">
      <div className="files-toolbar">
        <h2 id="history-heading">History</h2>
        <RevisionPicker repo={repo} rev={rev} pathFor={(next) => repoPagePath(repo, { kind: "commits", rev: next })} />
      </div>
      <AsyncView
        state={state}
        what="the history"
        render={({ commits, total }) => (
          <>
            <ol className="commit-list">
              {commits.map((commit) => (
                <li key={commit.id}>
                  <Link href={repoPagePath(repo, { kind: "commit", sha: commit.id })} className="commit-title">
                    {commit.title || "(no message)"}
                  </Link>
                  <span className="muted small">
                    {commit.authors.map((author) => author.user).join(", ") || "unknown"} ·{" "}
                    <time dateTime={commit.date}>{new Date(commit.date).toLocaleString("en")}</time> ·{" "}
                    <code>{commit.id.slice(0, 7)}</code>
                  </span>
                </li>
              ))}
            </ol>
            <p className="pager">
              <span>
                {total.toLocaleString("en")} {total === 1 ? "commit" : "commits"}
              </span>
              {total > PAGE ? (
                <>
                  <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
                    Newer
                  </button>
                  <button type="button" disabled={(page + 1) * PAGE >= total} onClick={() => setPage(page + 1)}>
                    Older
                  </button>
                </>
              ) : null}
            </p>
          </>
        )}
      />
    </section>
  );
}

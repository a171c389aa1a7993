// The Files section: a folder of the repository at a revision — revision picker, breadcrumbs, then the entries
// with size, LFS badge and last commit, PAGE_SIZE rows per page so a 10 000-file folder stays light.
import { useEffect, useState } from "react";
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { type AsyncState, useAsync } from "../../lib/use-async";
import { AddFileMenu } from "../files-edit/add-file-menu";
import { EmptyRepoHelp, isEmptyRepo } from "../files-edit/empty-repo-help";
import { FilesDropTarget } from "../files-edit/files-drop-target";
import { useRepoPermissions } from "../files-edit/repo-permissions";
import type { TreeItem } from "./repo-data";
import { lastCommits, listFolder } from "./repo-tree";
import { breadcrumbs, formatBytes, type RepoId, repoPagePath } from "./repo-url";
import { RevisionPicker } from "./revision-picker";

export const PAGE_SIZE = 100;

export function Breadcrumbs({ repo, rev, path }: { repo: RepoId; rev: string; path: string }) {
  const crumbs = breadcrumbs(path);
  return (
    <nav aria-label="Folder" className="breadcrumb file-breadcrumb">
      <Link href={repoPagePath(repo, { kind: "tree", rev, path: "" })}>{repo.id.split("/")[1]}</Link>
      {crumbs.map((crumb, index) => (
        <span key={crumb.path}>
          {" / "}
          {index === crumbs.length - 1 ? (
            <span aria-current="page">{crumb.name}</span>
          ) : (
            <Link href={repoPagePath(repo, { kind: "tree", rev, path: crumb.path })}>{crumb.name}</Link>
          )}
        </span>
      ))}
    </nav>
  );
}

type FolderState = AsyncState<{ entries: TreeItem[]; complete: boolean; loadingMore: boolean }>;

/** The folder's listing, shown from its first page while the rest loads. */
function useFolder(repo: RepoId, rev: string, path: string): FolderState {
  const key = `tree:${repo.type}:${repo.id}@${rev}:${path}`;
  const [state, setState] = useState<{ key: string; value: FolderState }>({ key, value: { status: "loading" } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything the listing depends on.
  useEffect(() => {
    const controller = new AbortController();
    const show = (value: FolderState) => {
      if (!controller.signal.aborted) setState({ key, value });
    };
    listFolder(repo, rev, path, controller.signal, (entries, complete, loadingMore) =>
      show({ status: "ready", data: { entries, complete, loadingMore } }),
    ).catch((error: unknown) =>
      show({ status: "error", error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => controller.abort();
  }, [key]);
  return state.key === key ? state.value : { status: "loading" };
}

export default function FilesTab({ repo, rev, path }: { repo: RepoId; rev: string; path: string }) {
  const folder = useFolder(repo, rev, path);
  const permissions = useRepoPermissions(repo);
  return (
    <section aria-labelledby="files-heading" className="repo-files">
      <h2 id="files-heading" className="visually-hidden">
        Files
      </h2>
      <div className="files-toolbar">
        <RevisionPicker
          repo={repo}
          rev={rev}
          pathFor={(next) => repoPagePath(repo, { kind: "tree", rev: next, path })}
        />
        <Breadcrumbs repo={repo} rev={rev} path={path} />
        <AddFileMenu repo={repo} rev={rev} folder={path} permissions={permissions} />
      </div>
      <FilesDropTarget repo={repo} rev={rev} folder={path} permissions={permissions}>
        <AsyncView
          state={folder}
          what="the files"
          render={({ entries, complete, loadingMore }) =>
            path === "" && complete && isEmptyRepo(entries.map((entry) => entry.path)) ? (
              <EmptyRepoHelp repo={repo} rev={rev} />
            ) : (
              <FileTable
                key={`${rev}:${path}`}
                repo={repo}
                rev={rev}
                path={path}
                entries={entries}
                complete={complete}
                loadingMore={loadingMore}
              />
            )
          }
        />
      </FilesDropTarget>
    </section>
  );
}

function FileTable({
  repo,
  rev,
  path,
  entries,
  complete,
  loadingMore,
}: {
  repo: RepoId;
  rev: string;
  path: string;
  entries: TreeItem[];
  complete: boolean;
  loadingMore: boolean;
}) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const offset = page * PAGE_SIZE;
  const rows = entries.slice(offset, offset + PAGE_SIZE);
  const commits = useAsync(`last:${repo.type}:${repo.id}@${rev}:${path}:${offset}`, (signal) =>
    lastCommits(repo, rev, path, offset, rows.length, signal),
  );
  if (entries.length === 0) return <p className="muted">This folder is empty.</p>;
  const parent = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  return (
    <>
      <div className="table-scroll">
        <table className="data-table file-table">
          <caption className="visually-hidden">Files in {path === "" ? "the repository's root" : path}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="numeric">
                Size
              </th>
              <th scope="col" className="wide-only">
                Last commit
              </th>
            </tr>
          </thead>
          <tbody>
            {path !== "" && page === 0 ? (
              <tr>
                <td colSpan={3}>
                  <Link href={repoPagePath(repo, { kind: "tree", rev, path: parent })} aria-label="Parent folder">
                    ..
                  </Link>
                </td>
              </tr>
            ) : null}
            {rows.map((entry) => {
              const name = entry.path.slice(entry.path.lastIndexOf("/") + 1);
              const last = commits.status === "ready" ? commits.data.get(entry.path) : undefined;
              return (
                <tr key={entry.path}>
                  <th scope="row" className="break">
                    <span aria-hidden="true" className="file-icon">
                      {entry.type === "directory" ? "▸" : "·"}
                    </span>
                    <Link
                      href={repoPagePath(repo, {
                        kind: entry.type === "directory" ? "tree" : "blob",
                        rev,
                        path: entry.path,
                      })}
                    >
                      {name}
                      {entry.type === "directory" ? "/" : ""}
                    </Link>
                    {entry.lfs ? (
                      <span className="badge badge-lfs" title="Stored with Git LFS">
                        LFS
                      </span>
                    ) : null}
                  </th>
                  <td className="numeric">{entry.type === "file" ? formatBytes(entry.lfs?.size ?? entry.size) : ""}</td>
                  <td className="wide-only muted small">
                    {last ? (
                      <>
                        <Link href={repoPagePath(repo, { kind: "commit", sha: last.id })}>
                          {last.title || last.id.slice(0, 7)}
                        </Link>{" "}
                        <time dateTime={last.date}>{new Date(last.date).toLocaleDateString("en")}</time>
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="pager">
        <span>
          {entries.length > PAGE_SIZE
            ? `${(offset + 1).toLocaleString("en")}–${(offset + rows.length).toLocaleString("en")} of ${entries.length.toLocaleString("en")}${complete ? "" : "+"} entries`
            : `${entries.length.toLocaleString("en")} ${entries.length === 1 ? "entry" : "entries"}`}
        </span>
        {pages > 1 ? (
          <>
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous page
            </button>
            <button type="button" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
              Next page
            </button>
          </>
        ) : null}
      </p>
      {loadingMore ? (
        <p className="muted small" role="status">
          Listing more entries…
        </p>
      ) : complete ? null : (
        <p className="muted small">This folder has more entries than are listed here.</p>
      )}
    </>
  );
}

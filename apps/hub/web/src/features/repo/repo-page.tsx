// A repository's page (models, datasets and spaces share it): the header and section links, then the section the
// URL names — the card, the file tree, a file, the history or a commit. Each section is its own chunk.
import { lazy, Suspense } from "react";
import { NotFound } from "../../components/not-found";
import NotFoundPage from "../../components/not-found-page";
import { AsyncView, Loading } from "../../components/status";
import { ApiRequestError } from "../../lib/api";
import { useLocation } from "../../lib/navigation";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { canWrite, loadRepoInfo, type RepoInfo } from "./repo-data";
import { RepoHeader, useViewer } from "./repo-header";
import { RepoTabs } from "./repo-tabs";
import { parseRepoView, type RepoId, type RepoView, repoTypeOfPath, TYPE_LABEL } from "./repo-url";

const CardTab = lazy(() => import("./card-tab"));
const FilesTab = lazy(() => import("./files-tab"));
const FileView = lazy(() => import("./file-view"));
const HistoryTab = lazy(() => import("./history-tab"));
const CommitView = lazy(() => import("./commit-view"));
const CommunityTab = lazy(() => import("../community/community-tab"));
const DiscussionPage = lazy(() => import("../community/discussion-page"));
const GatedAccess = lazy(() => import("../gating/gated-access"));

export default function RepoPage({ params }: { params: RouteParams }) {
  const { pathname } = useLocation();
  const repo: RepoId = { type: repoTypeOfPath(pathname), id: `${params.owner}/${params.name}` };
  const view = parseRepoView(params.rest);
  // An address no section answers is not found before anything is asked of the server.
  if (view === undefined) return <NotFoundPage />;
  return <RepoScreen repo={repo} owner={params.owner} view={view} />;
}

function RepoScreen({ repo, owner, view }: { repo: RepoId; owner: string; view: RepoView }) {
  const state = useAsync(`${repo.type}:${repo.id}`, (signal) => loadRepoInfo(repo, signal));
  const viewer = useViewer();
  // Missing, or private to others (the server answers both alike, 404 or 401): the site's not-found page.
  if (state.status === "error" && state.error instanceof ApiRequestError && [401, 404].includes(state.error.status))
    return <NotFound subject={{ kind: "repository", id: repo.id, type: repo.type }} />;
  return (
    <AsyncView
      state={state}
      what={`${TYPE_LABEL[repo.type].toLowerCase()} ${repo.id}`}
      render={(info) => (
        <article className="repo-page">
          <RepoHeader repo={repo} info={info} viewer={viewer} />
          <RepoTabs repo={repo} view={view} canWrite={canWrite(viewer, owner)} />
          {info.gated && !canWrite(viewer, owner) ? (
            <Suspense fallback={null}>
              <GatedAccess repo={repo} info={info} />
            </Suspense>
          ) : null}
          <Suspense fallback={<Loading what="this section" />}>
            <Section repo={repo} info={info} view={view} canWrite={canWrite(viewer, owner)} />
          </Suspense>
        </article>
      )}
    />
  );
}

function Section({ repo, info, view, canWrite }: { repo: RepoId; info: RepoInfo; view: RepoView; canWrite: boolean }) {
  switch (view.kind) {
    case "card":
      return <CardTab repo={repo} info={info} />;
    case "tree":
      return <FilesTab repo={repo} rev={view.rev} path={view.path} />;
    case "blob":
      return <FileView repo={repo} rev={view.rev} path={view.path} />;
    case "commits":
      return <HistoryTab repo={repo} rev={view.rev} />;
    case "commit":
      return <CommitView repo={repo} sha={view.sha} />;
    case "discussions":
      return <CommunityTab repo={repo} />;
    case "discussion":
      return <DiscussionPage repo={repo} num={view.num} canWrite={canWrite} />;
  }
}

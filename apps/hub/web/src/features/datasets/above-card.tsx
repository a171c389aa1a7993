// What a dataset or a space shows above its card (the Card tab of features/repo): the dataset viewer, or the
// space's app. Each is a chunk of its own, loaded only on pages of its type.
import { lazy, Suspense } from "react";
import { Loading } from "../../components/status";
import type { RepoInfo } from "../repo/repo-data";
import type { RepoId } from "../repo/repo-url";

const DatasetViewer = lazy(() => import("./dataset-viewer"));
const SpaceApp = lazy(() => import("../spaces/space-app"));

export function AboveCard({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  if (repo.type === "model") return null;
  return (
    <Suspense fallback={<Loading what={repo.type === "dataset" ? "the dataset viewer" : "the app"} />}>
      {repo.type === "dataset" ? <DatasetViewer repo={repo} info={info} /> : <SpaceApp repo={repo} info={info} />}
    </Suspense>
  );
}

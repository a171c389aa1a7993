// The Card section: the README rendered (sanitised), the front matter the header does not already show as a
// metadata table, and for models the evaluation results (model-index) and the compact sidebar.
import { lazy, Suspense, useMemo, useState } from "react";
import { ErrorMessage, Loading } from "../../components/status";
import { useAsync } from "../../lib/use-async";
import { AboveCard } from "../datasets/above-card";
import { NoReadme } from "../files-edit/empty-repo-help";
import { EvalResults } from "../model-page/eval-table";
import { CardBody } from "./card-body";
import { frontMatterRows } from "./front-matter";
import { readText } from "./read-file";
import type { RepoInfo } from "./repo-data";
import { markdownLinks, type RepoId, rawUrl, TYPE_LABEL } from "./repo-url";

const ModelSidebar = lazy(() => import("./model-sidebar"));

/** Front-matter fields the header shows as chips (or, for model-index, the evaluation table): not repeated raw. */
export const SHOWN_ELSEWHERE = new Set([
  "tags",
  "license",
  "language",
  "datasets",
  "base_model",
  "library_name",
  "pipeline_tag",
  "model-index",
]);

/** Most bytes of a card read (a bigger card shows its first 2 MB). */
export const MAX_CARD_BYTES = 2 * 1024 * 1024;
/** Bytes read for the first render (about PREVIEW_CHARS characters of text). */
export const PREVIEW_BYTES = 64 * 1024;

export default function CardTab({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  const readme = info.siblings?.find((file) => file.rfilename.toLowerCase() === "readme.md")?.rfilename;
  const rev = info.sha ?? "main";
  // The first PREVIEW_BYTES first (what the page shows at once); the rest, up to MAX_CARD_BYTES, on request.
  const [whole, setWhole] = useState(false);
  const limit = whole ? MAX_CARD_BYTES : PREVIEW_BYTES;
  const card = useAsync(`${repo.type}:${repo.id}@${rev}:${readme ?? ""}:${limit}`, (signal) =>
    readme ? readText(rawUrl(repo, rev, readme), limit, signal) : Promise.resolve(undefined),
  );

  const { type, id } = repo;
  const links = useMemo(() => markdownLinks(type, id, rev), [type, id, rev]);
  const label = `${TYPE_LABEL[repo.type]} card`;
  const rows = frontMatterRows(info.cardData).filter(([key]) => !SHOWN_ELSEWHERE.has(key));
  return (
    <div className={repo.type === "model" ? "repo-columns model-columns" : undefined}>
      <AboveCard repo={repo} info={info} />
      <section className="repo-card" aria-label={label}>
        {rows.length > 0 ? (
          <details className="card-metadata">
            <summary>Metadata ({rows.length} fields from the card's front matter)</summary>
            <div className="table-scroll">
              <table className="data-table">
                <tbody>
                  {rows.map(([key, value]) => (
                    <tr key={key}>
                      <th scope="row">{key}</th>
                      <td className="break">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        ) : null}
        {!readme ? (
          <NoReadme repo={repo} files={info.siblings?.map((file) => file.rfilename) ?? []} />
        ) : card.status === "loading" ? (
          <Loading what="the card" />
        ) : card.status === "error" ? (
          <ErrorMessage error={card.error} what="the card" />
        ) : card.data !== undefined ? (
          <>
            <CardBody
              markdown={card.data.text}
              links={links}
              label={label}
              more={!whole && card.data.truncated ? { total: card.data.total, load: () => setWhole(true) } : undefined}
              showAll={whole}
            />
            {whole && card.data.truncated ? (
              <p className="muted small">The card is longer than 2 MB; the rest is not shown.</p>
            ) : null}
          </>
        ) : null}
        {repo.type === "model" ? <EvalResults info={info} /> : null}
      </section>
      {repo.type === "model" ? (
        <Suspense fallback={<Loading what="the sidebar" />}>
          <ModelSidebar info={info} />
        </Suspense>
      ) : null}
    </div>
  );
}

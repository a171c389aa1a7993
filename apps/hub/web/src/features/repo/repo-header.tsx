// The header shared by model, dataset and space pages: owner initial, id (copyable), type and private badges,
// likes (a like button for signed-in users), downloads, and the tags as chips.
import { PIPELINE_DATA } from "@hubkit/tasks";
import { useEffect, useState } from "react";
import { CopyButton } from "../../components/code-block";
import { Link } from "../../components/link";
import { formatCount } from "../../lib/format-count";
import { sessionFetch } from "../../lib/session";
import { AddToCollection } from "../collections/add-to-collection";
import { forgetRepoInfo, loadViewer, type RepoInfo, type Whoami } from "./repo-data";
import { type Chip, repoChips } from "./repo-tags";
import { type RepoId, repoApiPath, TYPE_LABEL } from "./repo-url";

const PIPELINES = PIPELINE_DATA as Record<string, { name: string; color: string }>;

const CHIP_TITLE: Record<Chip["kind"], string> = {
  task: "Task",
  library: "Library",
  license: "License",
  language: "Language",
  dataset: "Dataset",
  base_model: "Base model",
  tag: "Tag",
};

export function useViewer(): Whoami | undefined {
  const [viewer, setViewer] = useState<Whoami>();
  useEffect(() => {
    let live = true;
    loadViewer().then((user) => live && setViewer(user));
    return () => {
      live = false;
    };
  }, []);
  return viewer;
}

function LikeButton({ repo, initial }: { repo: RepoId; initial: number }) {
  const [likes, setLikes] = useState(initial);
  const [liked, setLiked] = useState(false);
  const [problem, setProblem] = useState<string>();
  const toggle = async () => {
    setProblem(undefined);
    try {
      // Through the session helper: a cookie-authenticated write must carry the CSRF token, else it counts as anonymous.
      const response = await sessionFetch(repoApiPath(repo, "/like"), { method: liked ? "DELETE" : "POST" });
      const body = (await response.json().catch(() => ({}))) as { likes?: unknown };
      if (typeof body.likes === "number") setLikes(body.likes);
      setLiked(!liked);
      forgetRepoInfo(repo);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <>
      <button type="button" className="like-button" aria-pressed={liked} onClick={toggle}>
        <span aria-hidden="true">{liked ? "♥" : "♡"}</span> {liked ? "Liked" : "Like"} · {likes.toLocaleString("en")}
      </button>
      {problem ? (
        <span className="error small" role="alert">
          {problem}
        </span>
      ) : null}
    </>
  );
}

export function RepoHeader({ repo, info, viewer }: { repo: RepoId; info: RepoInfo; viewer: Whoami | undefined }) {
  const [owner, name] = [repo.id.slice(0, repo.id.indexOf("/")), repo.id.slice(repo.id.indexOf("/") + 1)];
  const chips = repoChips(repo, {
    tags: info.tags ?? [],
    pipeline_tag: info.pipeline_tag,
    library_name: info.library_name,
    cardData: info.cardData,
  });
  const likes = typeof info.likes === "number" ? info.likes : 0;
  return (
    <header className="repo-header">
      <div className="repo-heading">
        <span className="avatar" aria-hidden="true">
          {owner.slice(0, 1).toUpperCase()}
        </span>
        <h1 className="repo-title">
          <Link href={`/${encodeURIComponent(owner)}`} className="repo-owner">
            {owner}
          </Link>
          /<span className="repo-name">{name}</span>
        </h1>
        <CopyButton text={repo.id} label="Copy id" />
      </div>
      <p className="repo-facts">
        <span className="badge">{TYPE_LABEL[repo.type]}</span>
        {info.private ? <span className="badge badge-private">Private</span> : null}
        {viewer ? (
          <LikeButton repo={repo} initial={likes} />
        ) : (
          <span>
            <span aria-hidden="true">♡</span> {formatCount(likes, "like")}
          </span>
        )}
        {typeof info.downloads === "number" ? <span>{formatCount(info.downloads, "download")}</span> : null}
      </p>
      {viewer ? <AddToCollection repo={repo} /> : null}
      {chips.length > 0 ? (
        <ul className="chips" aria-label="Tags">
          {chips.map((chip) => (
            <li key={`${chip.kind}:${chip.label}`}>
              <Link
                href={chip.href}
                className={`chip${chip.kind === "tag" ? " small" : ""}`}
                title={CHIP_TITLE[chip.kind]}
              >
                {chip.kind === "task" && PIPELINES[chip.label] ? (
                  <>
                    <span
                      className="task-dot"
                      style={{ background: `var(--c-${PIPELINES[chip.label].color})` }}
                      aria-hidden="true"
                    />
                    {PIPELINES[chip.label].name}
                  </>
                ) : chip.kind === "tag" || chip.kind === "task" || chip.kind === "library" ? (
                  chip.label
                ) : (
                  <>
                    <span className="chip-kind">{CHIP_TITLE[chip.kind]}:</span> {chip.label}
                  </>
                )}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  );
}

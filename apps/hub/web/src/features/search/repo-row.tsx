// One repository in a list: its id (the one link), then the facts that help pick it — task, library, SDK,
// description, downloads, likes, last update.
import { PIPELINE_DATA } from "@hubkit/tasks";
import { Link } from "../../components/link";
import { OwnerLink, ownerOfRepo } from "../../components/owner-link";
import { formatCount } from "../../lib/format-count";
import { repoPagePath } from "../repo/repo-url";
import type { FacetConfig, ListType } from "./list-config";

const PIPELINES = PIPELINE_DATA as Record<string, { name: string; color: string }>;

/** A list item as `GET /api/{type}s` returns it (the fields the rows use). */
export interface ListItem {
  id: string;
  pipeline_tag?: string | null;
  library_name?: string | null;
  tags?: string[];
  downloads?: number | null;
  likes?: number | null;
  lastModified?: string | null;
  private?: boolean;
  description?: string;
  sdk?: string;
  cardData?: { title?: unknown; emoji?: unknown; short_description?: unknown };
}

/** A facet value as shown: task ids by their names, the rest as they are. */
export function facetLabel(facet: FacetConfig, value: string): string {
  if (facet.param === "pipeline_tag" || facet.param === "task_categories") return PIPELINES[value]?.name ?? value;
  return value;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 days ago" for an ISO date (relative to `now`); "" for an invalid one. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (!Number.isFinite(seconds)) return "";
  for (const [unit, size] of STEPS)
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return "just now";
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, 200) : undefined;

function TaskChip({ task }: { task: string }) {
  const pipeline = PIPELINES[task];
  if (pipeline === undefined) return <span className="chip small">{task}</span>;
  return (
    <span className="chip small">
      <span className="task-dot" style={{ background: `var(--c-${pipeline.color})` }} aria-hidden="true" />
      {pipeline.name}
    </span>
  );
}

export function RepoRow({ type, item }: { type: ListType; item: ListItem }) {
  const datasetTasks = (item.tags ?? [])
    .filter((tag) => tag.startsWith("task_categories:"))
    .map((tag) => tag.slice("task_categories:".length))
    .slice(0, 2);
  const emoji = type === "space" ? text(item.cardData?.emoji) : undefined;
  const about = type === "space" ? text(item.cardData?.short_description) : text(item.description);
  return (
    <li className="model-row">
      <span className="repo-row-main">
        {emoji ? (
          <span className="repo-row-emoji" aria-hidden="true">
            {[...emoji].slice(0, 2).join("")}
          </span>
        ) : null}
        <Link href={repoPagePath({ type, id: item.id })} className="model-id">
          {item.id}
        </Link>
        {item.private ? <span className="chip small">private</span> : null}
      </span>
      <span className="model-meta">
        <OwnerLink name={ownerOfRepo(item.id)} className="small" />
        {item.pipeline_tag ? <TaskChip task={item.pipeline_tag} /> : null}
        {datasetTasks.map((task) => (
          <TaskChip key={task} task={task} />
        ))}
        {type === "space" && item.sdk ? <span className="chip small">{item.sdk}</span> : null}
        {item.library_name ? <span className="muted small">{item.library_name}</span> : null}
        {typeof item.downloads === "number" ? (
          <span className="muted small">{formatCount(item.downloads, "download")}</span>
        ) : null}
        {typeof item.likes === "number" && item.likes > 0 ? (
          <span className="muted small">♥ {item.likes.toLocaleString("en")}</span>
        ) : null}
        {item.lastModified ? <span className="muted small">Updated {timeAgo(item.lastModified)}</span> : null}
      </span>
      {about ? <span className="muted small repo-row-about">{about}</span> : null}
    </li>
  );
}

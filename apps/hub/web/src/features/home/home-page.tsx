// The home page: for a signed-in user their repositories and organizations; for everyone the trending models,
// datasets and spaces, what was updated lately, the tasks grid, and the site's tools.
import { MODALITIES, MODALITY_LABELS, PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import { Link } from "../../components/link";
import { OwnerLink, ownerOfRepo } from "../../components/owner-link";
import { AsyncView } from "../../components/status";
import { getJson } from "../../lib/api";
import { formatCount } from "../../lib/format-count";
import { useAsync } from "../../lib/use-async";
import { loadViewer, type Whoami } from "../repo/repo-data";
import { repoPagePath } from "../repo/repo-url";
import type { ListType } from "../search/list-config";
import { type ListItem, timeAgo } from "../search/repo-row";

const TOOLS = [
  { href: "/playground", title: "Inference playground", text: "Call a model through a provider or your own endpoint." },
  { href: "/chat-template", title: "Chat templates", text: "Render a model's chat template live, as Jinja2 would." },
  { href: "/gguf", title: "GGUF", text: "Quantization types, and a file-name checker." },
  { href: "/libraries", title: "Libraries", text: "The libraries models are loaded with, and what they serve." },
];

const TYPES: ReadonlyArray<{ type: ListType; title: string; list: string }> = [
  { type: "model", title: "Models", list: "/models" },
  { type: "dataset", title: "Datasets", list: "/datasets" },
  { type: "space", title: "Spaces", list: "/spaces" },
];

const TASKS = Object.entries(PIPELINE_DATA) as Array<[PipelineType, (typeof PIPELINE_DATA)[PipelineType]]>;

type Typed = ListItem & { type: ListType };

async function list(type: ListType, query: string, signal: AbortSignal): Promise<Typed[]> {
  const { data } = await getJson<ListItem[]>(`/api/${type}s?${query}`, signal);
  return data.map((item) => ({ ...item, type }));
}

export default function HomePage() {
  const viewer = useAsync("viewer", () => loadViewer());
  const trending = useAsync("home:trending", (signal) =>
    Promise.all(TYPES.map(({ type }) => list(type, "sort=trendingScore&limit=6", signal))),
  );
  const recent = useAsync("home:recent", async (signal) => {
    const lists = await Promise.all(TYPES.map(({ type }) => list(type, "sort=lastModified&limit=6", signal)));
    return lists
      .flat()
      .sort((a, b) => (b.lastModified ?? "").localeCompare(a.lastModified ?? ""))
      .slice(0, 8);
  });
  return (
    <section className="home">
      <h1>Find a model, then load it or call it</h1>
      <p className="muted">
        Hubkit is an open, self-hostable hub: models, datasets and spaces, with their files, history and cards. Press{" "}
        <kbd>Ctrl</kbd> <kbd>K</kbd> to search everything.
      </p>
      {viewer.status === "ready" && viewer.data !== undefined ? <YourHub viewer={viewer.data} /> : null}
      <section aria-labelledby="home-trending">
        <h2 id="home-trending">Trending</h2>
        <AsyncView
          state={trending}
          what="trending repositories"
          render={(lists) => (
            <div className="home-columns">
              {TYPES.map(({ type, title, list: path }, index) => (
                <section key={type} className="card home-column" aria-labelledby={`home-trending-${type}`}>
                  <h3 id={`home-trending-${type}`}>{title}</h3>
                  <RepoLinks items={lists[index] ?? []} empty={`No ${title.toLowerCase()} yet.`} />
                  <Link href={`${path}?sort=trendingScore`} className="small">
                    All {title.toLowerCase()} →
                  </Link>
                </section>
              ))}
            </div>
          )}
        />
      </section>
      <section aria-labelledby="home-recent">
        <h2 id="home-recent">Recently updated</h2>
        <AsyncView
          state={recent}
          what="recent updates"
          render={(items) => <RepoLinks items={items} empty="Nothing was updated yet." showType />}
        />
      </section>
      <section aria-labelledby="home-tasks">
        <h2 id="home-tasks">Tasks</h2>
        <div className="home-tasks">
          {MODALITIES.map((modality) => {
            const tasks = TASKS.filter(([, data]) => data.modality === modality);
            if (tasks.length === 0) return null;
            return (
              <section key={modality} aria-labelledby={`home-modality-${modality}`}>
                <h3 id={`home-modality-${modality}`}>{MODALITY_LABELS[modality]}</h3>
                <ul className="chips">
                  {tasks.map(([id, data]) => (
                    <li key={id}>
                      <Link href={`/models?pipeline_tag=${encodeURIComponent(id)}`} className="chip">
                        <span
                          className="task-dot"
                          style={{ background: `var(--c-${data.color})` }}
                          aria-hidden="true"
                        />
                        {data.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="home-tools">
        <h2 id="home-tools">Tools</h2>
        <div className="grid">
          {TOOLS.map((tool) => (
            <Link key={tool.href} href={tool.href} className="card">
              <span className="home-tool-title">{tool.title}</span>
              <span className="muted small">{tool.text}</span>
            </Link>
          ))}
        </div>
      </section>
    </section>
  );
}

function RepoLinks({ items, empty, showType = false }: { items: Typed[]; empty: string; showType?: boolean }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="home-repos">
      {items.map((item) => (
        <li key={`${item.type}:${item.id}`}>
          <Link href={repoPagePath({ type: item.type, id: item.id })} className="model-id">
            {item.id}
          </Link>
          <span className="muted small">
            <OwnerLink name={ownerOfRepo(item.id)} />
            {" · "}
            {showType ? `${item.type} · ` : ""}
            {item.lastModified ? `updated ${timeAgo(item.lastModified)}` : ""}
            {typeof item.downloads === "number" ? ` · ${formatCount(item.downloads, "download")}` : ""}
            {typeof item.likes === "number" && item.likes > 0 ? ` · ♥ ${item.likes}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in user's own repositories (all three kinds, latest first) and organizations. */
function YourHub({ viewer }: { viewer: Whoami }) {
  const mine = useAsync(`home:mine:${viewer.name}`, async (signal) => {
    const author = `author=${encodeURIComponent(viewer.name)}&sort=lastModified&limit=10`;
    const lists = await Promise.all(TYPES.map(({ type }) => list(type, author, signal)));
    return lists
      .flat()
      .sort((a, b) => (b.lastModified ?? "").localeCompare(a.lastModified ?? ""))
      .slice(0, 10);
  });
  return (
    <section aria-labelledby="home-yours" className="home-yours">
      <h2 id="home-yours">Your hub, {viewer.name}</h2>
      <div className="home-columns">
        <section className="card home-column" aria-labelledby="home-your-repos">
          <h3 id="home-your-repos">Your repositories</h3>
          <AsyncView
            state={mine}
            what="your repositories"
            render={(items) => <RepoLinks items={items} empty="You have no repository yet." showType />}
          />
          <p className="small">
            <Link href="/new">New model</Link> · <Link href="/new-dataset">New dataset</Link> ·{" "}
            <Link href="/new-space">New space</Link>
          </p>
        </section>
        <section className="card home-column" aria-labelledby="home-your-orgs">
          <h3 id="home-your-orgs">Your organizations</h3>
          {(viewer.orgs ?? []).length === 0 ? (
            <p className="muted">You are in no organization.</p>
          ) : (
            <ul className="home-repos">
              {(viewer.orgs ?? []).map((org) => (
                <li key={org.name}>
                  <Link href={`/${encodeURIComponent(org.name)}`}>{org.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}

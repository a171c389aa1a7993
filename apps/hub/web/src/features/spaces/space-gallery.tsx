// `/spaces` as the hub shows it: a gallery of cards (the card's emoji on its `colorFrom`→`colorTo` banner, title and
// `short_description` from its front matter, likes, owner), searched and sorted as the other lists are (the same
// API query, features/search/list-query.ts, so the ranking is the lists'). Spaces that cannot run here (any SDK but
// static) carry a badge and a "Run locally" disclosure: `git clone` from this hub and the SDK's command.
import { useEffect, useState } from "react";
import { CodeBlock } from "../../components/code-block";
import { Link } from "../../components/link";
import { OwnerLink } from "../../components/owner-link";
import { AsyncView } from "../../components/status";
import { getJson, nextCursorFromLink } from "../../lib/api";
import { navigate, useLocation } from "../../lib/navigation";
import { hrefWith, useSearchState, withParams } from "../../lib/search-state";
import { useAsync } from "../../lib/use-async";
import { DEFAULT_SORT, LISTS, SORTS } from "../search/list-config";
import { facetsApiQuery, listApiQuery, searchOf } from "../search/list-query";
import type { ListItem } from "../search/repo-row";
import { runLocallyCommands, spaceGradient } from "./space-colors";
import "./space-gallery.css";

const SEARCH_DELAY_MS = 250;
const SDKS = ["static", "gradio", "streamlit", "docker"] as const;

type SpaceItem = ListItem & { cardData?: ListItem["cardData"] & { colorFrom?: unknown; colorTo?: unknown } };

interface FacetsAnswer {
  facets: Record<string, Array<{ value: string; count: number }>>;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

export default function SpaceGallery() {
  const config = LISTS.space;
  const { pathname } = useLocation();
  const { params, setParams } = useSearchState();
  const apiPath = listApiQuery(config, params);
  const results = useAsync(apiPath, async (signal) => {
    const { data, response } = await getJson<SpaceItem[]>(apiPath, signal);
    return { items: data, next: nextCursorFromLink(response.headers.get("link")) };
  });
  // The SDK choices with their counts (the lists' facet counts, server/src/api/web-facets.ts).
  const facetsPath = facetsApiQuery(config, params);
  const facets = useAsync(facetsPath, (signal) => getJson<FacetsAnswer>(facetsPath, signal).then((r) => r.data));
  const counts = facets.status === "ready" ? (facets.data.facets.sdk ?? []) : [];
  const sdkOptions: Array<{ value: string; count?: number }> = SDKS.map((value) => {
    const count = counts.find((entry) => entry.value === value)?.count;
    return count === undefined ? { value } : { value, count };
  });
  const urlSearch = searchOf(params);
  const [draft, setDraft] = useState(urlSearch);
  useEffect(() => setDraft(urlSearch), [urlSearch]);
  useEffect(() => {
    if (draft.trim() === urlSearch) return;
    const timer = setTimeout(
      () => setParams({ search: draft.trim(), q: undefined, cursor: undefined }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, urlSearch, setParams]);
  const goToPage = (cursor: string | undefined) =>
    navigate(hrefWith(pathname, withParams(new URLSearchParams(window.location.search), { cursor })));

  return (
    <section className="space-gallery-page">
      <h1>Spaces</h1>
      <form className="filters" aria-label="Search spaces" onSubmit={(event) => event.preventDefault()}>
        <label className="grow">
          <span>Search</span>
          <input
            type="search"
            value={draft}
            placeholder={config.placeholder}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <label>
          <span>SDK</span>
          <select
            value={params.get("sdk") ?? ""}
            onChange={(event) => setParams({ sdk: event.target.value || undefined, cursor: undefined })}
          >
            <option value="">Any SDK</option>
            {sdkOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value}
                {option.count !== undefined ? ` (${option.count.toLocaleString("en")})` : ""}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Sort</span>
          <select
            value={params.get("sort") ?? DEFAULT_SORT}
            onChange={(event) => setParams({ sort: event.target.value, cursor: undefined })}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <AsyncView
        state={results}
        what="spaces"
        render={({ items, next }) => (
          <>
            {items.length === 0 ? (
              <p role="status">No space matches.</p>
            ) : (
              <ul className="space-gallery" aria-label="Spaces">
                {items.map((item) => (
                  <SpaceCard key={item.id} item={item} />
                ))}
              </ul>
            )}
            <nav className="pager" aria-label="Pages">
              {params.get("cursor") ? (
                <button type="button" onClick={() => goToPage(undefined)}>
                  ← First page
                </button>
              ) : null}
              {next ? (
                <button type="button" onClick={() => goToPage(next)}>
                  Next page →
                </button>
              ) : null}
            </nav>
          </>
        )}
      />
    </section>
  );
}

function SpaceCard({ item }: { item: SpaceItem }) {
  const card = item.cardData ?? {};
  const [owner = "", name = item.id] = item.id.split("/");
  const title = text(card.title) ?? name;
  const about = text(card.short_description) ?? text(item.description);
  const emoji = text(card.emoji);
  const sdk = text(item.sdk) ?? text((card as { sdk?: unknown }).sdk);
  const runsHere = sdk === "static";
  const likes = item.likes ?? 0;
  const cloneUrl = `${window.location.origin}/spaces/${item.id}`;
  return (
    <li className="space-card">
      <div
        className="space-card-banner"
        style={{ background: spaceGradient(card.colorFrom, card.colorTo) }}
        aria-hidden="true"
      >
        <span className="space-card-emoji">{emoji ? [...emoji].slice(0, 2).join("") : "🚀"}</span>
      </div>
      <div className="space-card-body">
        <h2 className="space-card-title">
          <Link href={`/spaces/${item.id}`}>{title}</Link>
        </h2>
        {about ? <p className="space-card-about">{about}</p> : null}
        <p className="space-card-facts small">
          <span>
            <OwnerLink name={owner} />
          </span>
          <span>
            <span aria-hidden="true">♥ </span>
            {likes.toLocaleString("en")} {likes === 1 ? "like" : "likes"}
          </span>
          {sdk ? <span className="chip small">{sdk}</span> : null}
          {runsHere ? (
            <span className="badge space-badge-runs">Runs here</span>
          ) : (
            <span className="badge space-badge-local">Runs locally only</span>
          )}
        </p>
        {runsHere ? null : (
          <details className="space-run-locally">
            <summary>Run locally</summary>
            <p className="small">This hub runs static spaces only. To run this {sdk ?? ""} space on your machine:</p>
            <CodeBlock
              language="sh"
              label={`Run ${item.id} locally`}
              code={[`git clone ${cloneUrl}`, `cd ${name}`, ...runLocallyCommands(sdk ?? "", name)].join("\n")}
            />
          </details>
        )}
      </div>
    </li>
  );
}

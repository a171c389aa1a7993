// The example repositories of a task page (models, datasets, Spaces, metrics): those this hub has link to their page
// here; the others link to huggingface.co and say so in the link. Whether a repository is here is the hub's own list
// (GET /api/web/readable-repos, one request for all), which answers only what the visitor may read, so a private
// repository the visitor cannot read counts as absent, as everywhere.
import type { ExampleRepo } from "@hubkit/tasks";
import { Link } from "../../components/link";
import { getJson } from "../../lib/api";
import { useAsync } from "../../lib/use-async";
import { type RepoId, repoPagePath } from "../repo/repo-url";

export const HOSTED_HUB = "https://huggingface.co";

/** A catalogue example as a repository: metrics are the `evaluate-metric` Spaces. */
export interface ExampleRef extends RepoId {
  /** The id the catalogue lists (a metric's bare name). */
  label: string;
  description: string;
}

export function exampleRefs(type: RepoId["type"], items: readonly ExampleRepo[], owner?: string): ExampleRef[] {
  return items.map((item) => ({
    type,
    id: owner ? `${owner}/${item.id}` : item.id,
    label: item.id,
    description: item.description,
  }));
}

export function refKey(repo: RepoId): string {
  return `${repo.type}/${repo.id}`;
}

/** The hosted hub's address of a repository (the same paths as here). */
export function hostedUrl(repo: RepoId): string {
  return `${HOSTED_HUB}${repoPagePath(repo)}`;
}

/** Only `owner/name` ids are asked about: anything else cannot be a repository here. */
const REPO_ID = /^[\w.-]+\/[\w.-]+$/;
/** The server's bound on one question (api/web-readable-repos.ts); a task page lists far fewer. */
const MAX_ASKED = 50;

/** The keys (refKey) of the repositories among `refs` this hub has and the visitor may read: one request. */
export async function localRepos(refs: readonly RepoId[], signal: AbortSignal): Promise<Set<string>> {
  const asked = refs.filter((repo) => REPO_ID.test(repo.id)).slice(0, MAX_ASKED);
  if (asked.length === 0) return new Set();
  const query = new URLSearchParams(asked.map((repo): [string, string] => ["repo", refKey(repo)]));
  try {
    const { data } = await getJson<{ readable?: unknown }>(`/api/web/readable-repos?${query}`, signal);
    return new Set(Array.isArray(data.readable) ? data.readable.filter((key) => typeof key === "string") : []);
  } catch {
    // The hub unreachable or the question refused: the examples link to the hosted hub.
    return new Set();
  }
}

export function useLocalRepos(refs: readonly RepoId[]): Set<string> | undefined {
  const key = `local-repos:${refs.map(refKey).join(",")}`;
  const state = useAsync(key, (signal) => localRepos(refs, signal));
  return state.status === "ready" ? state.data : undefined;
}

export function ExampleRepoList({
  title,
  items,
  local,
}: {
  title: string;
  items: readonly ExampleRef[];
  /** The refs this hub has; undefined while that is being found out (links then go to the hosted hub). */
  local: Set<string> | undefined;
}) {
  const headingId = `list-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">None listed.</p>
      ) : (
        <ul className="repo-list">
          {items.map((repo) => (
            <li key={repo.id}>
              {local?.has(refKey(repo)) ? (
                <Link href={repoPagePath(repo)}>{repo.label}</Link>
              ) : (
                <a href={hostedUrl(repo)} rel="noreferrer external" className="external-link">
                  {repo.label}
                  <span className="small muted"> on huggingface.co</span>
                  <span aria-hidden="true"> ↗</span>
                </a>
              )}
              <span className="muted"> — {repo.description}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

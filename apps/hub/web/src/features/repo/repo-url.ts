// Addresses of a repository's pages and files, as the hub spells them: `/{id}` for models, `/datasets/{id}` and
// `/spaces/{id}` for the others; API routes under `/api/{type}s/{id}`; each path segment percent-encoded, a
// revision one encoded segment (so `refs/pr/1` or `feature/x` stay one segment).

export type RepoType = "model" | "dataset" | "space";

export interface RepoId {
  type: RepoType;
  /** `{owner}/{name}`. */
  id: string;
}

/** What a repository URL shows below its header. */
export type RepoView =
  | { kind: "card" }
  | { kind: "tree"; rev: string; path: string }
  | { kind: "blob"; rev: string; path: string }
  | { kind: "commits"; rev: string }
  | { kind: "commit"; sha: string }
  | { kind: "discussions" }
  | { kind: "discussion"; num: number };

const PREFIX: Record<RepoType, string> = { model: "", dataset: "/datasets", space: "/spaces" };

export const TYPE_LABEL: Record<RepoType, string> = { model: "Model", dataset: "Dataset", space: "Space" };

export function repoTypeOfPath(pathname: string): RepoType {
  if (pathname.startsWith("/datasets/")) return "dataset";
  if (pathname.startsWith("/spaces/")) return "space";
  return "model";
}

/** Each segment of a slash-separated path encoded on its own (slashes stay separators). */
export function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function repoRoot(repo: RepoId): string {
  return `${PREFIX[repo.type]}/${encodePath(repo.id)}`;
}

/** The page of `view` (the card by default). An empty path gives the tree's root. */
export function repoPagePath(repo: RepoId, view: RepoView = { kind: "card" }): string {
  const root = repoRoot(repo);
  switch (view.kind) {
    case "card":
      return root;
    case "tree":
    case "blob": {
      const path = view.path === "" ? "" : `/${encodePath(view.path)}`;
      return `${root}/${view.kind}/${encodeURIComponent(view.rev)}${path}`;
    }
    case "commits":
      return `${root}/commits/${encodeURIComponent(view.rev)}`;
    case "commit":
      return `${root}/commit/${encodeURIComponent(view.sha)}`;
    case "discussions":
      return `${root}/discussions`;
    case "discussion":
      return `${root}/discussions/${view.num}`;
  }
}

/** `/api/{type}s/{id}` plus `suffix` (which starts with `/` or `?` when given). */
export function repoApiPath(repo: RepoId, suffix = ""): string {
  return `/api/${repo.type}s/${encodePath(repo.id)}${suffix}`;
}

/** The file's bytes (LFS content for large files); `download` asks the browser to save it. */
export function resolveUrl(repo: RepoId, rev: string, path: string, download = false): string {
  return `${repoRoot(repo)}/resolve/${encodeURIComponent(rev)}/${encodePath(path)}${download ? "?download=true" : ""}`;
}

/** The file as stored in git (the pointer for LFS files). */
export function rawUrl(repo: RepoId, rev: string, path: string): string {
  return `${repoRoot(repo)}/raw/${encodeURIComponent(rev)}/${encodePath(path)}`;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The view named by the URL's segments after `{owner}/{name}` (still encoded), or undefined for an unknown or
 * malformed address. A revision is one segment; the rest is the path.
 */
export function parseRepoView(rest: string | undefined): RepoView | undefined {
  if (rest === undefined || rest === "") return { kind: "card" };
  const raw = rest.split("/").filter(Boolean);
  const segments = raw.map(decode);
  if (segments.some((segment) => segment === undefined)) return undefined;
  const [action, first, ...others] = segments as string[];
  const path = others.join("/");
  if (action === "tree")
    return first === undefined ? { kind: "tree", rev: "main", path: "" } : { kind: "tree", rev: first, path };
  if (action === "blob" && first !== undefined && path !== "") return { kind: "blob", rev: first, path };
  if (action === "commits" && others.length === 0) return { kind: "commits", rev: first ?? "main" };
  if (action === "commit" && first !== undefined && others.length === 0) return { kind: "commit", sha: first };
  // The Community tab (features/community): the list, or one discussion by its number.
  if (action === "discussions" && first === undefined) return { kind: "discussions" };
  if (action === "discussions" && first !== undefined && others.length === 0 && /^[1-9]\d{0,8}$/.test(first))
    return { kind: "discussion", num: Number(first) };
  return undefined;
}

/** The parent folders of `path`, for breadcrumbs: `a/b/c` → `["a", "a/b"]`, plus the name of the last one. */
export function breadcrumbs(path: string): Array<{ name: string; path: string }> {
  const parts = path.split("/").filter(Boolean);
  return parts.map((name, index) => ({ name, path: parts.slice(0, index + 1).join("/") }));
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "?";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/** Where a rendered Markdown file's relative links and images point: blob pages and resolve URLs at `rev`. */
export function markdownLinks(
  type: RepoType,
  id: string,
  rev: string,
  base = "",
): { base: string; blob(path: string): string; resolve(path: string): string } {
  const repo = { type, id };
  return {
    base,
    blob: (path) => repoPagePath(repo, { kind: "blob", rev, path }),
    resolve: (path) => resolveUrl(repo, rev, path),
  };
}

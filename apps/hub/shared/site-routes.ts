// The site's pages as data: every path pattern, in match order, with what the page shows. One table for both sides:
// the web router (web/src/routes.ts) gives each entry its component and title, and the server
// (server/src/site-pages/page-status.ts) answers a path no entry matches — or a repository or account page of
// something the visitor may not see — with the same HTML and status 404 instead of 200.
import { isReservedNamespace } from "./reserved-names.js";

export type SiteRepoType = "model" | "dataset" | "space";

/** What a page is about, when the server can tell whether it exists (else the page is there for everyone). */
export type PageSubject =
  /** A repository named by the `owner` and `name` parameters: missing or unreadable → 404. */
  | { kind: "repo"; type: SiteRepoType; owner: string; name: string }
  /** A user or organization named by a parameter: unknown → 404. */
  | { kind: "account"; param: string };

export interface SiteRoute {
  /** Path pattern: literal segments and `:name` parameters; a trailing `*rest` captures the remainder (encoded). */
  pattern: string;
  /** Which page renders it (web/src/routes.ts maps each key to its module). */
  view: SitePageKey;
  /** A parameter that must not be one of the site's reserved first segments (`/tasks` is never an owner). */
  notReserved?: string;
  /** The `rest` parameter must match this (a repository's own sections only). */
  rest?: RegExp;
  subject?: PageSubject;
}

export type SitePageKey =
  | "home"
  | "tasks"
  | "task"
  | "libraries"
  | "models"
  | "datasets"
  | "spaces"
  | "model-redirect"
  | "playground"
  | "chat-template"
  | "gguf"
  | "collections"
  | "collection"
  | "login"
  | "join"
  | "tokens"
  | "account-settings"
  | "webhooks"
  | "new-org"
  | "org-members"
  | "new-model"
  | "new-dataset"
  | "new-space"
  | "profile"
  | "upload"
  | "edit"
  | "new-file"
  | "delete-file"
  | "repo-settings"
  | "repo";

/** A repository's own sections after `/{owner}/{name}/` (`tree/…`, `blob/…`, `commits/…`, `commit/…`, discussions). */
const REPO_SECTION = /^(?:tree|blob|commits|commit|discussions)(?:\/|$)/;

const PREFIXES: ReadonlyArray<readonly [string, SiteRepoType]> = [
  ["/datasets", "dataset"],
  ["/spaces", "space"],
  ["", "model"],
];

const repoSubject = (type: SiteRepoType): PageSubject => ({ kind: "repo", type, owner: "owner", name: "name" });

/** A repository's upload, edit, new-file, delete-file and settings pages, before its own routes. */
function publishRoutes(prefix: string, type: SiteRepoType): SiteRoute[] {
  const base = `${prefix}/:owner/:name`;
  const common = { notReserved: "owner", subject: repoSubject(type) } as const;
  return [
    { pattern: `${base}/upload`, view: "upload", ...common },
    { pattern: `${base}/upload/*rest`, view: "upload", ...common },
    { pattern: `${base}/edit/*rest`, view: "edit", ...common },
    { pattern: `${base}/new/*rest`, view: "new-file", ...common },
    { pattern: `${base}/delete/*rest`, view: "delete-file", ...common },
    { pattern: `${base}/settings`, view: "repo-settings", ...common },
  ];
}

/** The repository page of one type, bare and with one of its sections. */
function repoRoutes(prefix: string, type: SiteRepoType): SiteRoute[] {
  const common = { view: "repo", notReserved: "owner", subject: repoSubject(type) } as const;
  return [
    { pattern: `${prefix}/:owner/:name`, ...common },
    { pattern: `${prefix}/:owner/:name/*rest`, rest: REPO_SECTION, ...common },
  ];
}

export const SITE_ROUTES: readonly SiteRoute[] = [
  { pattern: "/", view: "home" },
  { pattern: "/tasks", view: "tasks" },
  { pattern: "/tasks/:taskId", view: "task" },
  { pattern: "/libraries", view: "libraries" },
  { pattern: "/models", view: "models" },
  { pattern: "/datasets", view: "datasets" },
  { pattern: "/spaces", view: "spaces" },
  // Today's model URLs: replaced in the history by the hub's `/{namespace}/{name}` (features/repo).
  {
    pattern: "/models/:namespace/:name",
    view: "model-redirect",
    subject: { kind: "repo", type: "model", owner: "namespace", name: "name" },
  },
  { pattern: "/playground", view: "playground" },
  { pattern: "/chat-template", view: "chat-template" },
  { pattern: "/gguf", view: "gguf" },
  // Collections: before the repository pages, which would read them as `/:owner/:name`.
  { pattern: "/collections/:namespace", view: "collections", subject: { kind: "account", param: "namespace" } },
  { pattern: "/collections/:namespace/:slug", view: "collection" },
  // Accounts and publishing.
  { pattern: "/login", view: "login" },
  { pattern: "/join", view: "join" },
  { pattern: "/settings/tokens", view: "tokens" },
  { pattern: "/settings/account", view: "account-settings" },
  { pattern: "/settings/webhooks", view: "webhooks" },
  { pattern: "/organizations/new", view: "new-org" },
  {
    pattern: "/organizations/:org/settings/members",
    view: "org-members",
    notReserved: "org",
    subject: { kind: "account", param: "org" },
  },
  { pattern: "/new", view: "new-model" },
  { pattern: "/new-dataset", view: "new-dataset" },
  { pattern: "/new-space", view: "new-space" },
  // `/{name}`: a user or organization (never a site section).
  { pattern: "/:name", view: "profile", notReserved: "name", subject: { kind: "account", param: "name" } },
  ...PREFIXES.flatMap(([prefix, type]) => publishRoutes(prefix, type)),
  // Repository pages: last, `/:owner/:name` would otherwise shadow two-segment pages.
  ...PREFIXES.flatMap(([prefix, type]) => repoRoutes(prefix, type)),
];

export type SiteParams = Record<string, string>;

/** Matches a path against the table; parameters are URI-decoded (`*rest` stays encoded). Undefined: no such page. */
export function matchSitePath<R extends SiteRoute>(
  path: string,
  routes: readonly R[],
): { route: R; params: SiteParams } | undefined {
  const segments = path.replace(/\/+$/, "").split("/").filter(Boolean);
  for (const route of routes) {
    const parts = route.pattern.split("/").filter(Boolean);
    // A trailing `*rest` takes one or more segments, kept encoded (a revision may be one encoded segment).
    const rest = parts[parts.length - 1]?.startsWith("*") ? parts.pop()?.slice(1) : undefined;
    if (rest === undefined ? parts.length !== segments.length : segments.length <= parts.length) continue;
    const params: SiteParams = {};
    if (rest !== undefined) params[rest] = segments.slice(parts.length).join("/");
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i] ?? "";
      let segment: string;
      try {
        segment = decodeURIComponent(segments[i] ?? "");
      } catch {
        ok = false;
        break;
      }
      if (part.startsWith(":")) params[part.slice(1)] = segment;
      else ok = part === segment;
    }
    if (ok && accepts(route, params)) return { route, params };
  }
  return undefined;
}

function accepts(route: SiteRoute, params: SiteParams): boolean {
  if (route.notReserved !== undefined && isReservedNamespace(params[route.notReserved] ?? "")) return false;
  if (route.rest !== undefined && !route.rest.test(params.rest ?? "")) return false;
  return true;
}

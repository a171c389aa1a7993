// The typed route table: every page of the site, its path pattern and the lazily loaded module that renders it.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { isReservedNamespace } from "../../shared/reserved-names";

export interface RouteParams {
  [name: string]: string;
}

export interface RouteDefinition {
  /** Path pattern: literal segments and `:name` parameters; a trailing `*rest` captures the remainder. */
  pattern: string;
  /** Shown in the navigation when set. */
  navLabel?: string;
  title: (params: RouteParams) => string;
  page: LazyExoticComponent<ComponentType<{ params: RouteParams }>>;
  /** Rejects a match whose parameters name something else (e.g. a reserved first segment). */
  accepts?: (params: RouteParams) => boolean;
}

// Each page is its own chunk (code-split routes keep the first load small).
export const ROUTES: RouteDefinition[] = [
  { pattern: "/", title: () => "Hubkit", page: lazy(() => import("./features/home/home-page")) },
  {
    pattern: "/tasks",
    navLabel: "Tasks",
    title: () => "Tasks",
    page: lazy(() => import("./features/tasks/tasks-page")),
  },
  {
    pattern: "/tasks/:taskId",
    title: (p) => p.taskId,
    page: lazy(() => import("./features/tasks/task-page")),
  },
  {
    pattern: "/libraries",
    navLabel: "Libraries",
    title: () => "Libraries",
    page: lazy(() => import("./features/libraries/libraries-page")),
  },
  {
    pattern: "/models",
    navLabel: "Models",
    title: () => "Models",
    page: lazy(() => import("./features/search/repo-list-page")),
  },
  {
    pattern: "/datasets",
    navLabel: "Datasets",
    title: () => "Datasets",
    page: lazy(() => import("./features/search/repo-list-page")),
  },
  {
    pattern: "/spaces",
    navLabel: "Spaces",
    title: () => "Spaces",
    page: lazy(() => import("./features/spaces/space-gallery")),
  },
  {
    // Today's model URLs: replaced in the history by the hub's `/{namespace}/{name}` (features/repo).
    pattern: "/models/:namespace/:name",
    title: (p) => `${p.namespace}/${p.name}`,
    page: lazy(() => import("./features/repo/model-redirect")),
  },
  {
    pattern: "/playground",
    navLabel: "Playground",
    title: () => "Inference playground",
    page: lazy(() => import("./features/playground/playground-page")),
  },
  {
    pattern: "/chat-template",
    navLabel: "Chat templates",
    title: () => "Chat-template playground",
    page: lazy(() => import("./features/chat-template/chat-template-page")),
  },
  {
    pattern: "/gguf",
    navLabel: "GGUF",
    title: () => "GGUF quantization",
    page: lazy(() => import("./features/gguf/gguf-page")),
  },
  // Collections (features/collections): before the repository pages, which would read them as `/:owner/:name`.
  {
    pattern: "/collections/:namespace",
    title: (p) => `Collections · ${p.namespace}`,
    page: lazy(() => import("./features/collections/collections-page")),
  },
  {
    pattern: "/collections/:namespace/:slug",
    title: (p) => `${p.namespace}/${p.slug.replace(/-[0-9a-f]{24}$/, "")}`,
    page: lazy(() => import("./features/collections/collection-page")),
  },
  // Accounts and publishing (features/account, features/publish, features/profile).
  ...accountRoutes(),
  ...publishRoutes("/datasets"),
  ...publishRoutes("/spaces"),
  ...publishRoutes(""),
  // Repository pages (features/repo): keep these last, `/:owner/:name` would otherwise shadow two-segment pages.
  ...repoRoutes("/datasets"),
  ...repoRoutes("/spaces"),
  ...repoRoutes(""),
];

/** The repository page of one type (the page reads the type from the path's prefix), bare and with a sub-page (`tree/…`, `blob/…`, `commits/…`, `commit/…`). */
const REPO_SECTION = /^(?:tree|blob|commits|commit|discussions)(?:\/|$)/;

function repoRoutes(prefix: string): RouteDefinition[] {
  const page = lazy(() => import("./features/repo/repo-page"));
  const accepts = (p: RouteParams) => !isReservedNamespace(p.owner);
  const title = (p: RouteParams) => `${p.owner}/${p.name}`;
  return [
    { pattern: `${prefix}/:owner/:name`, title, page, accepts },
    // Only the repository's own sections: other sub-paths are not found (or another page's, e.g. `/settings`).
    { pattern: `${prefix}/:owner/:name/*rest`, title, page, accepts: (p) => accepts(p) && REPO_SECTION.test(p.rest) },
  ];
}

/** Sign-in, sign-up, tokens, the new-repository forms, and `/{name}` (a user or organization; not a site section). */
function accountRoutes(): RouteDefinition[] {
  const newRepo = lazy(() => import("./features/publish/new-repo-page"));
  return [
    { pattern: "/login", title: () => "Sign in", page: lazy(() => import("./features/account/login-page")) },
    { pattern: "/join", title: () => "Create an account", page: lazy(() => import("./features/account/join-page")) },
    {
      pattern: "/settings/tokens",
      title: () => "Access tokens",
      page: lazy(() => import("./features/account/tokens-page")),
    },
    // Account and organization settings (features/settings).
    {
      pattern: "/settings/account",
      title: () => "Account settings",
      page: lazy(() => import("./features/settings/account-page")),
    },
    {
      pattern: "/settings/webhooks",
      title: () => "Webhooks",
      page: lazy(() => import("./features/webhooks/webhooks-page")),
    },
    {
      pattern: "/organizations/new",
      title: () => "New organization",
      page: lazy(() => import("./features/settings/new-org-page")),
    },
    {
      pattern: "/organizations/:org/settings/members",
      title: (p) => `Members · ${p.org}`,
      page: lazy(() => import("./features/settings/members-page")),
      accepts: (p) => !isReservedNamespace(p.org),
    },
    { pattern: "/new", title: () => "New model", page: newRepo },
    { pattern: "/new-dataset", title: () => "New dataset", page: newRepo },
    { pattern: "/new-space", title: () => "New space", page: newRepo },
    {
      pattern: "/:name",
      title: (p) => p.name,
      page: lazy(() => import("./features/profile/profile-page")),
      accepts: (p) => !isReservedNamespace(p.name),
    },
  ];
}

/** A repository's upload, edit, delete-file and settings pages (features/publish), before its own routes. */
function publishRoutes(prefix: string): RouteDefinition[] {
  const accepts = (p: RouteParams) => !isReservedNamespace(p.owner);
  const base = `${prefix}/:owner/:name`;
  const upload = lazy(() => import("./features/publish/upload-page"));
  const edit = lazy(() => import("./features/publish/edit-page"));
  const remove = lazy(() => import("./features/publish/delete-file-page"));
  const newFile = lazy(() => import("./features/files-edit/new-file-page"));
  const title = (what: string) => (p: RouteParams) => `${what} · ${p.owner}/${p.name}`;
  return [
    { pattern: `${base}/upload`, title: title("Upload"), page: upload, accepts },
    { pattern: `${base}/upload/*rest`, title: title("Upload"), page: upload, accepts },
    { pattern: `${base}/edit/*rest`, title: title("Edit"), page: edit, accepts },
    // Create a new file (features/files-edit), from the Files tab's "Add file" menu.
    { pattern: `${base}/new/*rest`, title: title("New file"), page: newFile, accepts },
    { pattern: `${base}/delete/*rest`, title: title("Delete"), page: remove, accepts },
    {
      pattern: `${base}/settings`,
      title: title("Settings"),
      page: lazy(() => import("./features/publish/settings-page")),
      accepts,
    },
  ];
}

export const NOT_FOUND_PAGE = lazy(() => import("./components/not-found-page"));

/** Matches a path against the table; parameters are URI-decoded. Returns undefined for unknown paths. */
export function matchRoute(path: string): { route: RouteDefinition; params: RouteParams } | undefined {
  const segments = path.replace(/\/+$/, "").split("/").filter(Boolean);
  for (const route of ROUTES) {
    const parts = route.pattern.split("/").filter(Boolean);
    // A trailing `*rest` takes one or more segments, kept encoded (a revision may be one encoded segment).
    const rest = parts[parts.length - 1]?.startsWith("*") ? parts.pop()?.slice(1) : undefined;
    if (rest === undefined ? parts.length !== segments.length : segments.length <= parts.length) continue;
    const params: RouteParams = {};
    if (rest !== undefined) params[rest] = segments.slice(parts.length).join("/");
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i];
      let segment: string;
      try {
        segment = decodeURIComponent(segments[i]);
      } catch {
        ok = false;
        break;
      }
      if (part.startsWith(":")) params[part.slice(1)] = segment;
      else ok = part === segment;
    }
    if (ok && (route.accepts?.(params) ?? true)) return { route, params };
  }
  return undefined;
}

// The site's pages: the shared route table (shared/site-routes.ts, which the server reads too) with each page's lazily
// loaded module, title and navigation label.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchSitePath, SITE_ROUTES, type SitePageKey, type SiteRoute } from "../../shared/site-routes";

export interface RouteParams {
  [name: string]: string;
}

/** What each page of the shared table (shared/site-routes.ts) renders: its lazily loaded module, title, nav label. */
interface PageView {
  /** Shown in the navigation when set. */
  navLabel?: string;
  title: (params: RouteParams) => string;
  page: LazyExoticComponent<ComponentType<{ params: RouteParams }>>;
}

const repoTitle = (p: RouteParams) => `${p.owner}/${p.name}`;
const publishTitle = (what: string) => (p: RouteParams) => `${what} · ${p.owner}/${p.name}`;
const newRepo = lazy(() => import("./features/publish/new-repo-page"));
const repoList = lazy(() => import("./features/search/repo-list-page"));
const upload = lazy(() => import("./features/publish/upload-page"));

// Each page is its own chunk (code-split routes keep the first load small).
const PAGES: Record<SitePageKey, PageView> = {
  home: { title: () => "Hubkit", page: lazy(() => import("./features/home/home-page")) },
  tasks: { navLabel: "Tasks", title: () => "Tasks", page: lazy(() => import("./features/tasks/tasks-page")) },
  task: { title: (p) => p.taskId, page: lazy(() => import("./features/tasks/task-page")) },
  libraries: {
    navLabel: "Libraries",
    title: () => "Libraries",
    page: lazy(() => import("./features/libraries/libraries-page")),
  },
  models: { navLabel: "Models", title: () => "Models", page: repoList },
  datasets: { navLabel: "Datasets", title: () => "Datasets", page: repoList },
  spaces: { navLabel: "Spaces", title: () => "Spaces", page: lazy(() => import("./features/spaces/space-gallery")) },
  "model-redirect": {
    title: (p) => `${p.namespace}/${p.name}`,
    page: lazy(() => import("./features/repo/model-redirect")),
  },
  playground: {
    navLabel: "Playground",
    title: () => "Inference playground",
    page: lazy(() => import("./features/playground/playground-page")),
  },
  "chat-template": {
    navLabel: "Chat templates",
    title: () => "Chat-template playground",
    page: lazy(() => import("./features/chat-template/chat-template-page")),
  },
  gguf: { navLabel: "GGUF", title: () => "GGUF quantization", page: lazy(() => import("./features/gguf/gguf-page")) },
  // Collections (features/collections).
  collections: {
    title: (p) => `Collections · ${p.namespace}`,
    page: lazy(() => import("./features/collections/collections-page")),
  },
  collection: {
    title: (p) => `${p.namespace}/${p.slug.replace(/-[0-9a-f]{24}$/, "")}`,
    page: lazy(() => import("./features/collections/collection-page")),
  },
  // Accounts (features/account, features/settings, features/webhooks, features/profile).
  login: { title: () => "Sign in", page: lazy(() => import("./features/account/login-page")) },
  join: { title: () => "Create an account", page: lazy(() => import("./features/account/join-page")) },
  tokens: { title: () => "Access tokens", page: lazy(() => import("./features/account/tokens-page")) },
  "account-settings": {
    title: () => "Account settings",
    page: lazy(() => import("./features/settings/account-page")),
  },
  webhooks: { title: () => "Webhooks", page: lazy(() => import("./features/webhooks/webhooks-page")) },
  "new-org": { title: () => "New organization", page: lazy(() => import("./features/settings/new-org-page")) },
  "org-members": {
    title: (p) => `Members · ${p.org}`,
    page: lazy(() => import("./features/settings/members-page")),
  },
  "new-model": { title: () => "New model", page: newRepo },
  "new-dataset": { title: () => "New dataset", page: newRepo },
  "new-space": { title: () => "New space", page: newRepo },
  profile: { title: (p) => p.name, page: lazy(() => import("./features/profile/profile-page")) },
  // A repository's upload, edit, delete-file and settings pages (features/publish), new file (features/files-edit).
  upload: { title: publishTitle("Upload"), page: upload },
  edit: { title: publishTitle("Edit"), page: lazy(() => import("./features/publish/edit-page")) },
  "new-file": { title: publishTitle("New file"), page: lazy(() => import("./features/files-edit/new-file-page")) },
  "delete-file": { title: publishTitle("Delete"), page: lazy(() => import("./features/publish/delete-file-page")) },
  "repo-settings": { title: publishTitle("Settings"), page: lazy(() => import("./features/publish/settings-page")) },
  // Repository pages (features/repo): the page reads the type from the path's prefix.
  repo: { title: repoTitle, page: lazy(() => import("./features/repo/repo-page")) },
};

/** A route of the shared table (pattern, parameter rules, subject) with its page. */
export interface RouteDefinition extends SiteRoute, PageView {}

/** The shared table in its order, each entry with its page. */
export const ROUTES: RouteDefinition[] = SITE_ROUTES.map((route) => ({ ...route, ...PAGES[route.view] }));

export const NOT_FOUND_PAGE = lazy(() => import("./components/not-found-page"));

/** Matches a path against the table (shared with the server); parameters are URI-decoded. Undefined: unknown path. */
export function matchRoute(path: string): { route: RouteDefinition; params: RouteParams } | undefined {
  return matchSitePath(path, ROUTES);
}

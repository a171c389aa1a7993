// The site's own first path segments: no user or organization can take them, so `/{owner}/{name}` never swallows a
// section of the site (a site section or the URL prefix of another repository type would make `/{name}` ambiguous).
// One list for both sides: the server refuses these as namespaces (server/src/repos/repo-ref.ts isValidNamespace)
// and the web router never reads them as an owner (web/src/routes.ts). server/test/auth-reserved-names.test.ts walks
// the route table, the server's own routes and the built site's top-level entries, so this list cannot drift.
export const RESERVED_NAMESPACES: ReadonlySet<string> = new Set([
  "api",
  "admin",
  "assets",
  "avatars",
  "buckets",
  "chat-template",
  "collections",
  "datasets",
  "docs",
  "gguf",
  "join",
  "kernels",
  "libraries",
  "login",
  "logout",
  "models",
  "new",
  "new-dataset",
  "new-space",
  // The hub's OAuth provider paths (/oauth/authorize, …): 501 here, never an owner page.
  "oauth",
  "organizations",
  "playground",
  "search",
  "settings",
  "spaces",
  "static",
  "tasks",
  "system",
  // The built site's own top-level folders (web/vite.config.ts copies the task demos' media to /task-assets/).
  "task-assets",
]);

/** Names are compared case-insensitively: `/Tasks` is as much the site's as `/tasks`. */
export function isReservedNamespace(name: string): boolean {
  return RESERVED_NAMESPACES.has(name.toLowerCase());
}

// The site's own first path segments: no user or organization can take them, so `/{owner}/{name}` never swallows a
// section of the site (a site section or the URL prefix of another repository type would make `/{name}` ambiguous).
// One list for both sides: the server refuses these as namespaces (server/src/repos/repo-ref.ts isValidNamespace)
// and the web router never reads them as an owner (web/src/routes.ts).
export const RESERVED_NAMESPACES: ReadonlySet<string> = new Set([
  "api",
  "admin",
  "assets",
  "avatars",
  "buckets",
  "chat-template",
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
  "organizations",
  "playground",
  "search",
  "settings",
  "spaces",
  "static",
  "tasks",
  "system",
]);

/** Names are compared case-insensitively: `/Tasks` is as much the site's as `/tasks`. */
export function isReservedNamespace(name: string): boolean {
  return RESERVED_NAMESPACES.has(name.toLowerCase());
}

// The site's own first path segments: no user or organization can take them, so `/{owner}/{name}` never swallows a
// section of the site. The server's list (server/src/repos/repo-ref.ts RESERVED_NAMESPACES) is the source of truth;
// a unit test keeps this copy equal to it (the web bundle cannot import server code).
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

export function isReservedNamespace(name: string): boolean {
  return RESERVED_NAMESPACES.has(name.toLowerCase());
}

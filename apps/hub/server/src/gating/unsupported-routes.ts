// Hub API routes Hubkit does not implement (gating/README.md): a client calling one gets 501 with the feature's
// name — not a 405, which reads as a wrong method, nor a 404, which reads as a missing repository. The table is
// data: the route patterns of huggingface_hub 2.0.0's hf_api.py, _space_api.py and _jobs_api.py that no route
// module serves. It is consulted only after every registered route failed to match, so a feature built later
// needs no change here to start working.
import { ApiError } from "../api/api-error.js";

const REPO = String.raw`(?:models|datasets|spaces)/[^/]+/[^/]+`;
const SPACE = String.raw`spaces/[^/]+/[^/]+`;

/** [pattern on the path under `/api/`, feature name]; first match wins. */
const UNSUPPORTED: readonly (readonly [RegExp, string])[] = [
  [/^(?:papers|daily_papers)(?:\/|$)/, "Papers"],
  [/^posts(?:\/|$)/, "Posts"],
  [/^(?:inference-endpoints|endpoints)(?:\/|$)/, "Inference Endpoints"],
  [new RegExp(`^${REPO}/inference(?:-providers)?(?:/|$)`), "Inference"],
  [/^scheduled-jobs(?:\/|$)/, "Scheduled jobs"],
  [/^jobs(?:\/|$)/, "Jobs"],
  [/^buckets(?:\/|$)/, "Buckets"],
  [/^agent-harnesses$/, "The agent harness registry"],
  [/^kernels(?:\/|$)/, "Kernels"],
  [/^notifications(?:\/|$)/, "Notifications"],
  [/^(?:models|datasets)-tags-by-type$/, "Tags by type"],
  [/^spaces\/hardware$/, "Spaces hardware"],
  [/^spaces\/semantic-search$/, "Spaces semantic search"],
  [/^spaces\/templates$/, "Spaces templates"],
  [new RegExp(`^${SPACE}/hardware$`), "Spaces hardware"],
  [new RegExp(`^${SPACE}/sleeptime$`), "Spaces sleep time"],
  [new RegExp(`^${SPACE}/secrets$`), "Spaces secrets"],
  [new RegExp(`^${SPACE}/variables$`), "Spaces variables"],
  [new RegExp(`^${SPACE}/volumes$`), "Spaces volumes"],
  [new RegExp(`^${SPACE}/(?:restart|pause)$`), "Spaces runtime control (restart, pause)"],
  [new RegExp(`^${SPACE}/dev-mode$`), "Spaces dev mode"],
  [new RegExp(`^${SPACE}/logs(?:/|$)`), "Spaces logs"],
  [new RegExp(`^${SPACE}/events(?:/|$)`), "Spaces events"],
  [new RegExp(`^${REPO}/discussions(?:/|$)`), "Discussions and pull requests"],
  [new RegExp(`^${REPO}/duplicate$`), "Repository duplication"],
  [new RegExp(`^${REPO}/lfs-files/duplicate$`), "Repository duplication"],
  [new RegExp(`^${REPO}/likers$`), "Likers"],
  [new RegExp(`^${REPO}/resource-group$`), "Resource groups"],
  [new RegExp(`^${REPO}/leaderboard$`), "Leaderboards"],
  [/^datasets\/[^/]+\/[^/]+\/(?:parquet|croissant)(?:\/|$)/, "Dataset viewer conversions"],
  [/^users\/[^/]+\/(?:followers|following|overview)$/, "User profiles"],
  [/^organizations\/[^/]+\/(?:followers|overview|resource-groups|audit-log|billing)(?:\/|$)/, "Organization pages"],
];

/**
 * Hub features outside `/api/` that clients call on the hub's own origin (huggingface_hub's _oauth_device.py,
 * _oidc.py, hf_api.py's bucket downloads; @huggingface/hub's oauth-login-url.ts): [pattern on the whole path,
 * feature]. Checked before the web app, so none of them is answered with a site page.
 */
const UNSUPPORTED_OUTSIDE_API: readonly (readonly [RegExp, string])[] = [
  // Only the provider's own endpoints: `oauth` is not a reserved name, `/oauth/{name}` may be a repository's page.
  [/^\/oauth\/(?:authorize|token|device|userinfo|register|revoke)$/, "The OAuth provider"],
  [/^\/\.well-known\/(?:openid-configuration|oauth-authorization-server)$/, "The OAuth provider"],
  [/^\/buckets(?:\/|$)/, "Buckets"],
];

/** The feature a hub API path (or one of the hub's other protocol paths) belongs to, if Hubkit lacks it. */
export function unsupportedFeature(pathname: string): string | undefined {
  if (pathname.length > 2048) return undefined;
  if (!pathname.startsWith("/api/")) return UNSUPPORTED_OUTSIDE_API.find(([pattern]) => pattern.test(pathname))?.[1];
  const rest = pathname.slice("/api/".length);
  return UNSUPPORTED.find(([pattern]) => pattern.test(rest))?.[1];
}

/** The 501 a client gets for such a path, whatever the method. */
export function unsupportedError(feature: string): ApiError {
  return new ApiError(501, `${feature} ${feature.endsWith("s") ? "are" : "is"} not supported by this hub`, {
    body: { feature },
  });
}

/** A registered route as Hono lists it (`app.routes`). */
export interface RouteEntry {
  method: string;
  path: string;
}

/** Compiled patterns by route path (as many as there are routes). */
const compiled = new Map<string, RegExp>();

/** Hono's path pattern as a RegExp: `:name` one segment, `:name{re}` the given pattern, `*` anything. */
function patternOf(path: string): RegExp {
  let source = "";
  for (let i = 0; i < path.length; ) {
    const char = path[i] as string;
    if (char === ":") {
      const name = /^:[A-Za-z0-9_]+/.exec(path.slice(i))?.[0] ?? ":";
      i += name.length;
      if (path[i] === "{") {
        const end = path.indexOf("}", i);
        source += `(?:${path.slice(i + 1, end)})`;
        i = end + 1;
      } else source += "[^/]+";
    } else if (char === "*") {
      source += ".*";
      i++;
    } else {
      source += char.replace(/[.+?^$()[\]\\|{}]/g, "\\$&");
      i++;
    }
  }
  return new RegExp(`^${source}$`);
}

/**
 * The methods the registered API routes accept at `pathname` (catch-alls of `ALL` and `/api/*` left out): a
 * non-empty answer means a known route called with a wrong method (405 with `Allow`).
 */
export function allowedMethods(routes: readonly RouteEntry[], pathname: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/") || route.path === "/api/*") continue;
    let pattern = compiled.get(route.path);
    if (pattern === undefined) {
      pattern = patternOf(route.path);
      compiled.set(route.path, pattern);
    }
    if (pattern.test(pathname)) methods.add(route.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

// One-segment repository ids (`gpt2`, `squad`): the hub's legacy ids answer a relative 307 to their canonical id
// (the table in legacy-id-table.ts), every other one names no repository here (Hubkit has none) and answers as a
// missing repository — on the API, file, git and LFS paths alike, never with a site page.
//
// Two places use this. `legacyIdRedirects` runs before every route, so that `/api/models/gpt2/refs` is read as the
// refs of `gpt2` (as on the hub) and not as the info of a repository `gpt2/refs`. The missing-repository answer
// (`oneSegmentRepoPath`, `repoPathWithoutRoute`) is given only after every route failed to match, so a real
// two-segment repository whose name happens to be a keyword (`alice/refs`) keeps working.
import type { Context, MiddlewareHandler } from "hono";
import { isReservedNamespace } from "../../../shared/reserved-names.js";
import type { HubEnv } from "../auth/principal.js";
import { lfsError } from "../lfs/batch.js";
import { type RepoType, typeFromSegment } from "../repos/repo-ref.js";
import { RepoNotFoundError } from "./api-error.js";
import { LEGACY_IDS } from "./legacy-id-table.js";
import { RepoMovedError } from "./repo-redirects.js";

/** What follows `/api/{type}s/{id}` in the hub's repository routes (huggingface_hub 2.0.0's hf_api.py). */
const API_ACTIONS: ReadonlySet<string> = new Set([
  "revision",
  "commits",
  "commit",
  "tree",
  "treesize",
  "paths-info",
  "refs",
  "preupload",
  "branch",
  "tag",
  "like",
  "likers",
  "discussions",
  "settings",
  "super-squash",
  "xet-read-token",
  "xet-write-token",
  "lfs-files",
  "auth-check",
  "ask-access",
  "user-access-request",
  "diff",
  "compare",
  "runtime",
  "duplicate",
  "parquet",
  "croissant",
]);

/** File downloads: `/{id}/resolve/…`, `/{id}/raw/…`. */
const FILE_ACTIONS: ReadonlySet<string> = new Set(["resolve", "raw"]);
/** git's smart HTTP and the LFS API: `/{id}(.git)/info/refs`, `…/git-upload-pack`, `…/info/lfs/…`. */
const GIT_ACTIONS: ReadonlySet<string> = new Set(["info", "git-upload-pack", "git-receive-pack"]);
/** The site's pages of a repository (web/src/routes.ts): `/{id}`, `/{id}/tree/…`, `/{id}/blob/…`… */
const PAGE_TABS: ReadonlySet<string> = new Set([
  "tree",
  "blob",
  "commits",
  "commit",
  "discussions",
  "settings",
  "edit",
  "upload",
]);

export type OneSegmentKind = "api" | "file" | "git" | "page";

export interface OneSegmentPath {
  type: RepoType;
  /** The id as decoded (a `.git` suffix removed); may hold anything, e.g. `alice/secret` from `alice%2Fsecret`. */
  id: string;
  kind: OneSegmentKind;
  /** The same path and query with `to` (an `owner/name` id) in the id's place: a relative `Location`. */
  withId(to: string): string;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes: matches no table entry and no repository
  }
}

function shape(url: URL, segments: string[], index: number, type: RepoType, kind: OneSegmentKind): OneSegmentPath {
  const raw = segments[index] as string;
  const git = kind === "git" && /\.git$/i.test(raw);
  const id = decoded(git ? raw.slice(0, -4) : raw);
  return {
    type,
    id,
    kind,
    withId(to) {
      const copy = [...segments];
      copy[index] = `${to.split("/").map(encodeURIComponent).join("/")}${git ? ".git" : ""}`;
      return `/${copy.join("/")}${url.search}`;
    },
  };
}

/**
 * The request path read as naming a one-segment repository id: `/api/{type}s/{id}` with nothing or a repository
 * action after it, or `/{id}`, `/datasets/{id}`, `/spaces/{id}` followed by a file, git or page action (or by
 * nothing: the repository's page). Undefined for every other path.
 */
export function oneSegmentRepoPath(url: URL): OneSegmentPath | undefined {
  const segments = url.pathname.split("/").slice(1);
  if (segments.length === 0 || segments.length > 64) return undefined;
  if (segments[0] === "api") {
    const type = typeFromSegment(segments[1] ?? "");
    const action = segments[3];
    if (type === undefined || !segments[2] || (action !== undefined && !API_ACTIONS.has(action))) return undefined;
    return shape(url, segments, 2, type, "api");
  }
  let index = 0;
  let type: RepoType = "model";
  if (segments[0] === "datasets" || segments[0] === "spaces") {
    type = segments[0] === "datasets" ? "dataset" : "space";
    index = 1;
  }
  const id = segments[index];
  // A reserved first segment (`/settings`, `/models`…) is the site's, never an owner or a repository.
  if (!id || (index === 0 && isReservedNamespace(decoded(id)))) return undefined;
  const action = segments[index + 1];
  if (action !== undefined && FILE_ACTIONS.has(action)) return shape(url, segments, index, type, "file");
  if (action !== undefined && GIT_ACTIONS.has(action)) return shape(url, segments, index, type, "git");
  if (action === undefined || PAGE_TABS.has(action)) return shape(url, segments, index, type, "page");
  return undefined;
}

/** The canonical id of a legacy one-segment id (any letter case), if the hub keeps one. */
export function legacyTarget(type: RepoType, id: string): string | undefined {
  const table = LEGACY_IDS[type];
  const key = id.toLowerCase();
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Before the routes: a legacy id answers a 307 with a relative `Location` (the same path under the canonical id),
 * which both clients, git and browsers follow. The target may be missing or private here: the redirect reveals
 * nothing but the public table, and the target then answers as it would to anyone.
 */
export const legacyIdRedirects: MiddlewareHandler<HubEnv> = async (c, next) => {
  const path = oneSegmentRepoPath(new URL(c.req.url));
  const to = path === undefined ? undefined : legacyTarget(path.type, path.id);
  if (path === undefined || to === undefined) return next();
  if (path.kind === "page") {
    // A page is only read; a form posted to it is not the hub's.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    return c.redirect(path.withId(to), 307);
  }
  throw new RepoMovedError(to, path.withId(to));
};

/** The missing-repository error for this caller (401 for anonymous callers, as readableRepo answers). */
export function repoNotFound(c: Context<HubEnv>): RepoNotFoundError {
  return new RepoNotFoundError(c.get("principal").kind === "anonymous");
}

type UnroutedKind = "file" | "git" | "lfs";

/**
 * A download, git or LFS path: how many segments its id has (after the optional type prefix) and which protocol
 * it speaks; undefined for any other path (a site page of a repository such as `/a/b/blob/main/raw/x` included).
 */
function repoProtocolPath(url: URL): { idLength: number; kind: UnroutedKind } | undefined {
  const segments = url.pathname.split("/").slice(1);
  const start = segments[0] === "datasets" || segments[0] === "spaces" ? 1 : 0;
  if (start === 0 && isReservedNamespace(decoded(segments[0] ?? ""))) return undefined;
  for (let i = start + 1; i < Math.min(segments.length, start + 16); i++) {
    const segment = segments[i] as string;
    if (PAGE_TABS.has(segment)) return undefined;
    const idLength = i - start;
    if (FILE_ACTIONS.has(segment)) return { idLength, kind: "file" };
    if (segment === "git-upload-pack" || segment === "git-receive-pack") return { idLength, kind: "git" };
    if (segment === "info" && segments[i + 1] === "refs") return { idLength, kind: "git" };
    if (segment === "info" && segments[i + 1] === "lfs") return { idLength, kind: "lfs" };
  }
  return undefined;
}

/**
 * After every route, before the web app: a download, git or LFS path no route took. An id of one segment, or of
 * three and more, names no repository: the missing-repository answer in the protocol's own form (JSON with
 * `X-Error-Code`; git's plain text with a Basic challenge; LFS's `message`). A two-segment one is an unknown path.
 */
export const repoPathWithoutRoute: MiddlewareHandler<HubEnv> = async (c, next) => {
  const path = repoProtocolPath(new URL(c.req.url));
  if (path === undefined) return next();
  if (path.idLength === 2) return c.json({ error: "Not found" }, 404);
  const missing = repoNotFound(c);
  if (path.kind === "lfs") return lfsError(c, missing);
  if (path.kind === "git")
    return c.body(`${missing.message}\n`, missing.status === 401 ? 401 : 404, {
      "Content-Type": "text/plain; charset=utf-8",
      ...(missing.status === 401 ? { "WWW-Authenticate": 'Basic realm="Hubkit"' } : {}),
    });
  throw missing;
};

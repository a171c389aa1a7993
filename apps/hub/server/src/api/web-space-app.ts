// A static space's app: `GET /spaces/{owner}/{name}/app/{path}` serves the space's files from its default branch
// (`…/app/` gives index.html) so that the space page can run the app in an iframe. (Under `/spaces/`, a reserved
// namespace: no user's repository URL can collide with it.) The app is someone else's code, so
// every answer carries `Content-Security-Policy: sandbox allow-scripts …` without `allow-same-origin`: the document
// gets an opaque origin even when opened directly, and cannot read the hub's cookies, its storage, or call the API
// as the visitor (its requests are cross-origin and cookie-less; the API's CORS answer never allows credentials).
// This path honours no credentials at all: only public static spaces are served, the same for everyone.
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { pathProblem } from "../repos/repo-paths.js";
import { isValidRepoId, type RepoRef } from "../repos/repo-ref.js";
import { lfsObjectServable, sendRepoFile } from "./send-repo-file.js";

/** `/spaces/{owner}/{name}/app/…`: the app's address below its space's. */
const APP_PATH = /^\/spaces\/([^/]+)\/([^/]+)\/app(\/.*)?$/;

/**
 * The policy of every answer on this path (see the header comment). No `allow-modals`: an app's alert, confirm or
 * prompt would block the hub's page around its frame and could pass for the hub's own dialogs.
 */
export const SPACE_APP_CSP = [
  "sandbox allow-scripts allow-forms allow-popups allow-downloads",
  "default-src 'self' 'unsafe-inline' data: blob:",
  "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' data: blob:",
  "connect-src 'self' data: blob:",
  "form-action 'self'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join("; ");

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  md: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  wasm: "application/wasm",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  mp4: "video/mp4",
  webm: "video/webm",
};

export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf(".");
  const extension = dot < 0 ? "" : path.slice(dot + 1).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension) ? (CONTENT_TYPES[extension] as string) : "application/octet-stream";
}

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": SPACE_APP_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  // The same bytes for everyone: nothing here depends on who asks.
  "Cache-Control": "public, max-age=0, must-revalidate",
};

function notFound(c: Context<HubEnv>, message: string): Response {
  return c.text(`${message}\n`, 404, { ...SECURITY_HEADERS, "Content-Type": "text/plain; charset=utf-8" });
}

/** The space id and the file path (decoded) of an app address; undefined when malformed. */
export function parseSpaceAppPath(pathname: string): { id: string; path: string; bare: boolean } | undefined {
  const match = APP_PATH.exec(pathname);
  if (match === null) return undefined;
  const [, owner = "", name = "", tail] = match;
  const rest = tail === undefined ? [] : tail.slice(1).split("/");
  let decoded: string[];
  try {
    decoded = [owner, name, ...rest].map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [o = "", n = "", ...path] = decoded;
  const bare = tail === undefined;
  let file = path.join("/");
  if (file === "" || file.endsWith("/")) file = `${file}index.html`;
  return { id: `${o}/${n}`, path: file, bare };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const handler = async (c: Context<HubEnv>) => {
    const url = new URL(c.req.url);
    const parsed = parseSpaceAppPath(url.pathname);
    if (parsed === undefined || !isValidRepoId(parsed.id)) return notFound(c, "No such space");
    // Whoever asks, the answer is the anonymous one: a private space is not served here.
    const registration = await ctx.index.lookup({ type: "space", id: parsed.id });
    if (registration === undefined || registration.private) return notFound(c, "No such space");
    const ref: RepoRef = { type: "space", id: registration.id };
    // Served as to anyone (no credentials here): a gated space's files are not served as an app.
    if ((await ctx.gates?.mode(ref)) ?? false) return notFound(c, "This space is gated");
    const row = await ctx.index.record(ref);
    const sdk = row?.record?.sdk;
    if (sdk !== "static") return notFound(c, "This space is not a static app");
    // Relative links of index.html resolve against the folder: `…/app` → `…/app/`.
    if (parsed.bare) return c.redirect(`${url.pathname}/${url.search}`, 308);
    if (pathProblem(parsed.path) !== undefined) return notFound(c, "No such file");
    const commit = await ctx.storage.resolveRevision(ref, await ctx.storage.defaultBranch(ref));
    if (commit === undefined) return notFound(c, "This space has no commit yet");
    const entry = await ctx.storage.stat(ref, commit, parsed.path);
    if (entry?.type === "directory") return c.redirect(`${url.pathname}/`, 308);
    if (entry === undefined || entry.type !== "file") return notFound(c, "No such file");
    const lfs = entry.lfs;
    if (lfs !== undefined && !(await lfsObjectServable(ctx, ref, lfs))) return notFound(c, "No such file");
    const total = lfs?.size ?? entry.size;
    const headers = {
      ...SECURITY_HEADERS,
      "Content-Type": contentTypeOf(parsed.path),
      ETag: `"${lfs?.oid ?? entry.oid}"`,
      "Accept-Ranges": "bytes",
    };
    return sendRepoFile(c, ctx, { ref, blobOid: entry.oid, lfs, total }, headers);
  };
  app.get("/spaces/:owner/:name/app", handler);
  app.get("/spaces/:owner/:name/app/*", handler);
}

// git over smart HTTP (hub-api.md §6), served by git's own `git http-backend` as a CGI child: `{repo}` and
// `{repo}.git`, `info/refs`, `git-upload-pack` and `git-receive-pack`. We decide who may do what first (reads as
// the repository's visibility allows; receive-pack always needs a write token, challenged with Basic auth so git
// sends one), then stream the request into the child and its output back. After a push the index follows.
//
// Two rules git alone would not keep:
// - A push must obey the commit API's rules: git runs our pre-receive hook (`core.hooksPath`), which asks this
//   server (push-check-server.ts, repos/push-rules.ts) before any ref moves.
// - Nothing a ref cannot reach is served. In protocol v2, upload-pack hands out any object it has by id ("wants
//   can be anything", upload-pack.c `parse_want`), whatever `uploadpack.allow*SHA1InWant` say, so the commits of a
//   deleted branch stayed fetchable until git's gc dropped them. We serve protocol v0 (no `GIT_PROTOCOL` for the
//   child): its upload-pack serves a want that is not a ref tip only when the refs reach it (`check_non_tip`,
//   with `allowReachableSHA1InWant`). Every git client speaks v0; a v2 request is answered in v0 and the client
//   follows.
import { spawn } from "node:child_process";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { readableRepo } from "../api/repo-access.js";
import type { HubEnv } from "../auth/principal.js";
import { type PushPolicy, pushAccess } from "../community/push-policy.js";
import { datasetViewerOf } from "../dataset-viewer/service.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { gitEnv } from "../repos/git-run.js";
import { apiSegment, type RepoRef, type RepoType } from "../repos/repo-ref.js";
import { emitPushEvent, refsBeforePush } from "../webhooks/events.js";
import { PushChecks, type PushSession } from "./push-check-server.js";

const SERVICES = new Set(["git-upload-pack", "git-receive-pack"]);
const MAX_CGI_HEADER_BYTES = 64 * 1024;
/** A clone or push that takes longer than this is cut off. */
const GIT_HTTP_TIMEOUT_MS = 30 * 60 * 1000;

function textError(c: Context, status: 401 | 403 | 404 | 400, message: string): Response {
  return c.body(`${message}\n`, status, {
    "Content-Type": "text/plain; charset=utf-8",
    ...(status === 401 ? { "WWW-Authenticate": 'Basic realm="Hubkit"' } : {}),
  });
}

function requestBody(c: Context): Readable | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming !== undefined && typeof incoming.pipe === "function") return incoming;
  const body = c.req.raw.body;
  return body === null ? undefined : Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
}

/**
 * Configuration for every git process of a request, from the environment (`GIT_CONFIG_COUNT`, above repository
 * config): only what refs reach is served, objects are checked as they arrive, no reflog keeps a deleted ref's
 * commits alive, and a push runs our hook.
 */
function gitConfigEnv(push: PushSession | undefined): Record<string, string> {
  const entries: [string, string][] = [
    ["uploadpack.allowAnySHA1InWant", "false"],
    // In v0 this lets clients ask for a commit by id (pinned revisions) and makes upload-pack check that a ref
    // reaches it; without it git clients refuse to ask for anything but a ref tip.
    ["uploadpack.allowReachableSHA1InWant", "true"],
    ["core.logAllRefUpdates", "false"],
    ["receive.fsckObjects", "true"],
    ...(push !== undefined ? ([["core.hooksPath", push.hooksDir]] as [string, string][]) : []),
  ];
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  for (const [index, [key, value]] of entries.entries()) {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  }
  return { ...env, ...(push?.env ?? {}) };
}

/** Runs `git http-backend` for one request and turns its CGI output into a streamed response. */
function runBackend(
  c: Context,
  ctx: HubContext,
  ref: RepoRef,
  tail: string,
  user: string,
  push: PushSession | undefined,
): Promise<Response> {
  const [owner, name] = ref.id.split("/") as [string, string];
  const url = new URL(c.req.url);
  const env = gitEnv({
    GIT_PROJECT_ROOT: projectRoot(ctx, ref),
    GIT_HTTP_EXPORT_ALL: "1",
    PATH_INFO: `/${apiSegment(ref.type)}/${owner}/${name}.git/${tail}`,
    QUERY_STRING: url.search.slice(1),
    REQUEST_METHOD: c.req.method,
    CONTENT_TYPE: c.req.header("content-type") ?? "",
    REMOTE_USER: user,
    REMOTE_ADDR: "127.0.0.1",
    GATEWAY_INTERFACE: "CGI/1.1",
    ...(c.req.header("content-length") !== undefined ? { CONTENT_LENGTH: c.req.header("content-length") ?? "" } : {}),
    ...(c.req.header("content-encoding") !== undefined
      ? { HTTP_CONTENT_ENCODING: c.req.header("content-encoding") ?? "" }
      : {}),
    // No GIT_PROTOCOL: protocol v0 (see the top of this file).
    ...gitConfigEnv(push),
  });
  const child = spawn("git", ["http-backend"], { env, stdio: ["pipe", "pipe", "pipe"] });
  const timer = setTimeout(() => child.kill("SIGKILL"), GIT_HTTP_TIMEOUT_MS);
  child.on("close", () => {
    clearTimeout(timer);
    push?.end();
  });
  child.stderr.resume();
  const body = c.req.method === "POST" ? requestBody(c) : undefined;
  child.stdin.on("error", () => {});
  if (body !== undefined) body.pipe(child.stdin);
  else child.stdin.end();

  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const rest = new PassThrough();
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      let end = head.indexOf("\r\n\r\n");
      let separator = 4;
      if (end === -1) {
        end = head.indexOf("\n\n");
        separator = 2;
      }
      if (end === -1) {
        if (head.length > MAX_CGI_HEADER_BYTES) {
          child.kill("SIGKILL");
          reject(new ApiError(500, "git http-backend sent malformed headers"));
        }
        return;
      }
      child.stdout.off("data", onData);
      const headers: Record<string, string> = { "Cache-Control": "no-cache" };
      let status = 200;
      for (const line of head.subarray(0, end).toString("latin1").split(/\r?\n/)) {
        const colon = line.indexOf(":");
        if (colon === -1) continue;
        const key = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (key.toLowerCase() === "status") status = Number.parseInt(value, 10) || 200;
        else headers[key] = value;
      }
      rest.write(head.subarray(end + separator));
      child.stdout.pipe(rest);
      resolve(
        new Response(status === 204 || status === 304 ? null : (Readable.toWeb(rest) as ReadableStream), {
          status,
          headers,
        }),
      );
    };
    child.stdout.on("data", onData);
    child.on("error", (error) => reject(error));
    child.on("close", (code) => {
      if (head.length === 0 || !rest.writableEnded) rest.end();
      if (code !== 0 && head.length === 0) reject(new ApiError(500, "git http-backend failed"));
    });
  });
}

/** gitDir = `<root>/<segment>/<owner>/<name>.git`; http-backend wants `<root>` and the rest as PATH_INFO. */
function projectRoot(ctx: HubContext, ref: RepoRef): string {
  const [owner, name] = ref.id.split("/") as [string, string];
  const suffix = `/${apiSegment(ref.type)}/${owner}/${name}.git`;
  const dir = ctx.storage.gitDir(ref);
  if (!dir.endsWith(suffix)) throw new Error(`unexpected repository folder ${dir}`);
  return dir.slice(0, -suffix.length);
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  // The hook lives in the data folder (a local hub always has one; the temporary folder is only a fallback).
  const pushChecks = new PushChecks(
    ctx.config.dataRoot !== undefined ? join(ctx.config.dataRoot, "hooks") : join(tmpdir(), "hubkit-hooks"),
    ctx.config.storageLimits,
  );
  const handler = (type: RepoType) => async (c: Context<HubEnv>) => {
    const ns = c.req.param("ns") ?? "";
    let name = c.req.param("name") ?? "";
    if (name.endsWith(".git")) name = name.slice(0, -4);
    const path = new URL(c.req.url).pathname;
    const tail = path.endsWith("/info/refs") ? "info/refs" : (path.slice(path.lastIndexOf("/") + 1) as string);
    const service = tail === "info/refs" ? (c.req.query("service") ?? "") : tail;
    if (!SERVICES.has(service))
      return textError(c, 400, "Only smart HTTP is supported (git-upload-pack, git-receive-pack)");
    const write = service === "git-receive-pack";
    const principal = c.get("principal");
    if (write && principal.kind === "anonymous")
      return textError(c, 401, "Authentication required to push: use a write token as the password");
    let ref: RepoRef;
    let policy: PushPolicy | undefined;
    try {
      if (write) {
        // Writers push anything; a reader with a write token only their own pull requests' refs/pr/<num>
        // (community/push-policy.ts, enforced by the pre-receive check).
        ({ repo: ref, policy } = await pushAccess(ctx, c, { type, id: `${ns}/${name}` }));
      } else ref = await readableRepo(ctx, c, { type, id: `${ns}/${name}` });
      // Fetching a gated repository hands out every file: it needs access to them (gating/gate.ts).
      if (!write) await assertDownloadAllowed(ctx, c, ref);
    } catch (error) {
      // A moved repository's old id (api/repo-redirects.ts): app.ts answers the 307, which git follows.
      if (!(error instanceof ApiError) || error.status === 307) throw error;
      const status = error.status === 401 || error.status === 403 || error.status === 404 ? error.status : 400;
      return textError(c, status, error.message);
    }
    const user = principal.kind === "user" ? principal.name : principal.kind;
    const push =
      write && c.req.method === "POST"
        ? await pushChecks.begin(
            ctx.storage.gitDir(ref),
            (updates) => policy?.check(updates) ?? Promise.resolve(undefined),
          )
        : undefined;
    const refsBefore = push !== undefined ? await refsBeforePush(ctx, ref) : undefined; // for the webhooks
    let response: Response;
    try {
      response = await runBackend(c, ctx, ref, tail, user, push);
    } catch (error) {
      push?.end();
      throw error;
    }
    if (write && c.req.method === "POST" && response.body !== null) {
      // The index follows the push once git has finished (the ref moved inside the child).
      const [forClient, forSync] = response.body.tee();
      void (async () => {
        const reader = forSync.getReader();
        while (!(await reader.read()).done) {}
        await ctx.index.sync(ref).catch((error: unknown) => {
          console.error(`[hub] index sync after push to ${ref.type} ${ref.id} failed: ${String(error)}`);
        });
        void datasetViewerOf(ctx)?.enqueue(ref); // a new default-branch head → its Parquet conversion
        await policy?.finish().catch((error: unknown) => {
          console.error(`[hub] pull request update after push to ${ref.type} ${ref.id} failed: ${String(error)}`);
        });
        await emitPushEvent(ctx, c, ref, refsBefore);
      })();
      return new Response(forClient, { status: response.status, headers: response.headers });
    }
    return response;
  };
  for (const [prefix, type] of [
    ["", "model"],
    ["/datasets", "dataset"],
    ["/spaces", "space"],
  ] as const) {
    app.get(`${prefix}/:ns/:name/info/refs`, handler(type));
    app.post(`${prefix}/:ns/:name/git-upload-pack`, handler(type));
    app.post(`${prefix}/:ns/:name/git-receive-pack`, handler(type));
  }
}

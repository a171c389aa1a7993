// `POST /api/{type}s/{id}/commit/{rev}` (hub-api.md §4.6): an NDJSON body (header, file, lfsFile, deletedFile,
// deletedFolder) becomes one atomic commit; the index follows once the branch has moved. An `lfsFile` may name only
// an object linked to this repository (lfs/repo-objects.ts).
import type { Hono } from "hono";
import type { HubEnv, Principal } from "../auth/principal.js";
import { prRef } from "../community/pr-git.js";
import { abandonPullRequest, commitTarget, pullRequestOfCommit } from "../community/pull-requests.js";
import { discussionUrl } from "../community/render.js";
import { datasetViewerOf } from "../dataset-viewer/service.js";
import type { HubContext } from "../hub-context.js";
import { SHA256_HEX } from "../lfs/pointer.js";
import { urlPrefix } from "../repos/repo-ref.js";
import type { CommitOperation, CommitRequest } from "../repos/storage.js";
import { testPause } from "../repos/test-pause.js";
import { emitHubEvent } from "../webhooks/events.js";
import { ApiError } from "./api-error.js";
import { apiRepoUrl, baseUrl, revisionAndPath } from "./repo-url.js";
import { boundedBody, truthy } from "./request-body.js";

const MAX_OPERATIONS = 25_000;
const MISSING_KEY = "Add a line with the key `lfsFile`, `file` or `deletedFile`";

type Header = Pick<CommitRequest, "summary" | "description" | "parentCommit">;

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ApiError(400, `Invalid ${what}: expected an object`);
  return value as Record<string, unknown>;
}

function stringField(value: Record<string, unknown>, key: string, what: string): string {
  const field = value[key];
  if (typeof field !== "string") throw new ApiError(400, `Invalid ${what}: "${key}" must be a string`);
  return field;
}

/** Parses the NDJSON lines; LFS sizes may be absent (copies) and are filled from the store by the caller. */
export function parseCommitBody(body: Buffer): { header: Header; operations: (CommitOperation & { size?: number })[] } {
  let header: Header | undefined;
  const operations: (CommitOperation & { size?: number })[] = [];
  const lines = body.toString("utf8").split("\n");
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    if (operations.length >= MAX_OPERATIONS) throw new ApiError(400, `At most ${MAX_OPERATIONS} operations per commit`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new ApiError(400, `Line ${index + 1} of the commit body is not valid JSON`);
    }
    const { key, value } = record(parsed, `line ${index + 1}`);
    const item = record(value, `"${String(key)}" value on line ${index + 1}`);
    if (key === "header") {
      const parent = item.parentCommit;
      if (
        parent !== undefined &&
        parent !== null &&
        (typeof parent !== "string" || !/^[0-9a-fA-F]{7,40}$/.test(parent))
      )
        throw new ApiError(400, "Invalid parentCommit: expected 7 to 40 hexadecimal characters");
      header = {
        summary: typeof item.summary === "string" ? item.summary : "",
        ...(typeof item.description === "string" ? { description: item.description } : {}),
        ...(typeof parent === "string" ? { parentCommit: parent } : {}),
      };
    } else if (key === "file") {
      const path = stringField(item, "path", "file");
      const content = stringField(item, "content", "file");
      const encoding = item.encoding ?? "base64";
      if (encoding !== "base64" && encoding !== "utf-8")
        throw new ApiError(400, `Invalid file encoding ${JSON.stringify(encoding)}: use "base64"`);
      operations.push({ kind: "file", path, content: Buffer.from(content, encoding === "base64" ? "base64" : "utf8") });
    } else if (key === "lfsFile") {
      const path = stringField(item, "path", "lfsFile");
      const oid = stringField(item, "oid", "lfsFile").toLowerCase();
      if (!SHA256_HEX.test(oid))
        throw new ApiError(400, `Invalid lfsFile oid for ${path.slice(0, 200)}: expected a sha256`);
      const size = item.size;
      if (size !== undefined && (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0))
        throw new ApiError(400, `Invalid lfsFile size for ${path.slice(0, 200)}`);
      operations.push({ kind: "lfsFile", path, oid, size: typeof size === "number" ? size : -1 });
    } else if (key === "deletedFile") {
      operations.push({ kind: "deletedFile", path: stringField(item, "path", "deletedFile") });
    } else if (key === "deletedFolder") {
      operations.push({ kind: "deletedFolder", path: stringField(item, "path", "deletedFolder") });
    } else throw new ApiError(400, MISSING_KEY);
  }
  if (header === undefined) throw new ApiError(400, "The first line of the commit body must have the key `header`");
  if (operations.length === 0) throw new ApiError(400, MISSING_KEY);
  return { header, operations };
}

function authorName(principal: Principal): string {
  return principal.kind === "user" ? principal.name : principal.kind;
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const limits = ctx.config.storageLimits;
  app.post("/api/:segment/:ns/:name/commit/*", async (c) => {
    const url = apiRepoUrl(c);
    if (url === undefined) return c.notFound();
    const { revision } = revisionAndPath(url.rest);
    // Pull requests (community/pull-requests.ts): `create_pr=1` opens one (any reader with a write token),
    // `refs/pr/N` commits onto one (its author or a writer); anything else needs write access to the repository.
    const target = await commitTarget(ctx, c, url.ref, revision, truthy(c.req.query("create_pr")));
    const ref = target.ref;
    const branch =
      revision === "HEAD" || revision === "refs/heads/main"
        ? await ctx.storage.defaultBranch(ref)
        : revision.replace(/^refs\/heads\//, "");
    const { header, operations } = parseCommitBody(await boundedBody(c, limits.maxCommitBodyBytes));
    // Only this repository's objects (uploaded for it, or already in it: a copy): an object that exists only in
    // another repository gets the same 422 as one that exists nowhere, so the answer reveals nothing about it.
    const lfsFiles = operations.filter(
      (operation): operation is Extract<(typeof operations)[number], { kind: "lfsFile" }> =>
        operation.kind === "lfsFile",
    );
    const linked = await ctx.lfsLinks.linkedSet(
      ref,
      lfsFiles.map((operation) => operation.oid),
    );
    for (const operation of lfsFiles) {
      const link = linked.get(operation.oid);
      const stored = link === undefined ? undefined : await ctx.lfs.stat(operation.oid);
      if (link === undefined || stored?.size !== link.size || (operation.size >= 0 && stored.size !== operation.size))
        throw new ApiError(422, `LFS pointer pointed to a file that does not exist: ${operation.path.slice(0, 200)}`);
      operation.size = stored.size;
    }
    const pullRequest = await pullRequestOfCommit(ctx, target, branch, header);
    const { commitOid } = await ctx.storage
      .commit(ref, {
        branch,
        ...(pullRequest !== undefined ? { pullRequestRef: prRef(pullRequest) } : {}),
        operations,
        summary: header.summary,
        author: authorName(c.get("principal")),
        ...(header.description !== undefined ? { description: header.description } : {}),
        // With create_pr the parent commit is where the PR starts (above), not a condition on the branch head.
        ...(header.parentCommit !== undefined && target.kind !== "create-pr"
          ? { parentCommit: header.parentCommit }
          : {}),
      })
      .catch(async (error: unknown) => {
        // A PR opened for this commit (create_pr) must not outlive the commit's failure.
        if (target.kind === "create-pr" && pullRequest !== undefined) await abandonPullRequest(ctx, ref, pullRequest);
        throw error;
      });
    if (pullRequest !== undefined) await ctx.discussions?.markOpen(ref, pullRequest);
    await testPause("commit-ref-moved");
    // The ref moved first; the index follows. If this fails, the start-up reconciliation repairs the index.
    await ctx.index.sync(ref).catch((error: unknown) => {
      console.error(`[hub] index sync after commit to ${ref.type} ${ref.id} failed: ${String(error)}`);
    });
    void datasetViewerOf(ctx)?.enqueue(ref); // a new default-branch head → its Parquet conversion (dataset-viewer/)
    const movedRef = pullRequest !== undefined ? prRef(pullRequest) : `refs/heads/${branch}`;
    emitHubEvent(ctx, c, { kind: "repo.content", repo: ref, updatedRefs: [{ ref: movedRef, newSha: commitOid }] });
    if (target.kind === "create-pr" && pullRequest !== undefined)
      emitHubEvent(ctx, c, { kind: "discussion", action: "create", repo: ref, num: pullRequest });
    return c.json({
      success: true,
      commitOid,
      commitUrl: `${baseUrl(c)}/${urlPrefix(ref.type)}${ref.id}/commit/${commitOid}`,
      hookOutput: "",
      ...(pullRequest !== undefined ? { pullRequestUrl: discussionUrl(baseUrl(c), ref, pullRequest) } : {}),
    });
  });
}

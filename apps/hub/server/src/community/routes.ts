// `/api/{type}s/{id}/discussions…` (README.md §2): list, open, read, comment, rename, change status, edit and hide
// comments, merge. Access per README.md §1 (access.ts); rows in the index (discussion-store.ts); pull requests'
// changes in git (pr-git.ts, merge.ts).
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { apiRepoUrl, baseUrl, decodedSegment } from "../api/repo-url.js";
import { jsonObjectBody } from "../api/request-body.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { emitHubEvent } from "../webhooks/events.js";
import { checkRate, communityAccess, poster, storeOf, writer } from "./access.js";
import { type DiscussionRow, type ListFilters, MAX_EVENTS } from "./discussion-store.js";
import { mergePullRequest } from "./merge.js";
import { currentConflicts, gitAccess, mergeBase, prCommits, prDiff, prRef, refHead } from "./pr-git.js";
import { openPullRequest } from "./pull-requests.js";
import { commitEventJson, discussionUrl, eventJson, summaryJson } from "./render.js";

const MAX_BODY_BYTES = 256 * 1024;
const MIN_TITLE = 3;
const MAX_TITLE = 200;
const MAX_COMMENT = 65_536;
const MAX_PAGE = 10_000;
const MAX_SEARCH = 200;
const COMMENT_ID = /^[0-9a-f]{24}$/;

function title(value: unknown): string {
  if (typeof value !== "string") throw new ApiError(400, 'Missing "title" (a string)');
  const trimmed = value.trim();
  if (trimmed.length < MIN_TITLE || trimmed.length > MAX_TITLE)
    throw new ApiError(400, `A title is ${MIN_TITLE} to ${MAX_TITLE} characters long`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new ApiError(400, "A title cannot contain control characters");
  return trimmed;
}

function comment(value: unknown, key: string, optional: boolean): string | undefined {
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw new ApiError(400, `Missing "${key}" (a string)`);
  }
  if (typeof value !== "string") throw new ApiError(400, `"${key}" must be a string`);
  if (value.length > MAX_COMMENT) throw new ApiError(400, `A comment is at most ${MAX_COMMENT} characters long`);
  if (value.trim() === "") {
    if (optional) return undefined;
    throw new ApiError(400, "A comment cannot be empty");
  }
  return value;
}

function discussionNumber(segment: string | undefined): number {
  const text = decodedSegment(segment);
  if (!/^[1-9][0-9]{0,8}$/.test(text)) throw new ApiError(404, "Discussion not found");
  return Number(text);
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T {
  if (value === undefined || value === "") return allowed[0] as T;
  if (!(allowed as readonly string[]).includes(value))
    throw new ApiError(400, `Invalid ${name}: expected one of ${allowed.join(", ")}`);
  return value as T;
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  /** Pull requests being merged right now (`type:id#num`). */
  const merging = new Set<string>();
  /** The repository of the URL and the caller's rights in it. */
  const open = async (c: Context<HubEnv>) => {
    const url = apiRepoUrl(c);
    if (url === undefined) throw new ApiError(404, "Not found");
    const access = await communityAccess(ctx, c, url.ref);
    return { access, rest: url.rest, store: storeOf(ctx), base: baseUrl(c) };
  };
  const existing = async (c: Context<HubEnv>) => {
    const opened = await open(c);
    const num = discussionNumber(opened.rest[0]);
    const discussion = await opened.store.get(opened.access.repo, num);
    if (discussion === undefined) throw new ApiError(404, "Discussion not found");
    return { ...opened, discussion };
  };

  app.get("/api/:segment/:ns/:name/discussions", async (c) => {
    const { access, store, base } = await open(c);
    const query = new URL(c.req.url).searchParams;
    const pageText = query.get("p") ?? "0";
    if (!/^\d{1,6}$/.test(pageText) || Number(pageText) > MAX_PAGE) throw new ApiError(400, "Invalid page number p");
    const author = query.get("author") ?? "";
    const search = (query.get("search") ?? "").trim();
    if (author.length > 100 || search.length > MAX_SEARCH) throw new ApiError(400, "Filter text too long");
    const filters: ListFilters = {
      type: oneOf(query.get("type") ?? undefined, ["all", "discussion", "pull_request"] as const, "type"),
      status: oneOf(query.get("status") ?? undefined, ["all", "open", "closed"] as const, "status"),
      author: author === "" ? undefined : author,
      search: search === "" ? undefined : search,
    };
    const page = Number(pageText);
    const listed = await store.list(access.repo, filters, page);
    return c.json({
      discussions: listed.rows.map((row) => summaryJson(base, access.repo, row)),
      count: listed.count,
      start: page * 50,
      numOpenDiscussions: listed.open,
      numClosedDiscussions: listed.closed,
    });
  });

  app.post("/api/:segment/:ns/:name/discussions", async (c) => {
    const { access, store, base } = await open(c);
    const user = poster(access);
    const body = await jsonObjectBody(c, MAX_BODY_BYTES);
    const name = title(body.title);
    const description = comment(body.description, "description", true);
    const pullRequest = body.pullRequest === true;
    await checkRate(store, access.repo, user, "discussion");
    let num: number;
    if (pullRequest) {
      const branch = await ctx.storage.defaultBranch(access.repo);
      const start = await ctx.storage.resolveRevision(access.repo, branch);
      if (start === undefined) throw new ApiError(409, `The branch ${branch} does not exist`);
      num = await openPullRequest(ctx, access.repo, {
        title: name,
        author: user,
        targetBranch: branch,
        start,
        ...(description !== undefined ? { description } : {}),
      });
    } else
      num = await store.create(access.repo, {
        title: name,
        author: user,
        isPullRequest: false,
        status: "open",
        ...(description !== undefined ? { description } : {}),
      });
    const discussion = await store.get(access.repo, num);
    if (discussion === undefined) throw new Error("a discussion just created is missing");
    emitHubEvent(ctx, c, { kind: "discussion", action: "create", repo: access.repo, num });
    return c.json({
      ...(await details(ctx, base, access.repo, discussion, false)),
      url: discussionUrl(base, access.repo, num),
    });
  });

  app.get("/api/:segment/:ns/:name/discussions/:num", async (c) => {
    const { access, discussion, base } = await existing(c);
    const diff = ["1", "true", "True"].includes(c.req.query("diff") ?? "");
    return c.json(await details(ctx, base, access.repo, discussion, diff));
  });

  app.post("/api/:segment/:ns/:name/discussions/:num/comment", async (c) => {
    const { access, discussion, store, base } = await existing(c);
    const user = poster(access);
    const text = comment((await jsonObjectBody(c, MAX_BODY_BYTES)).comment, "comment", false) as string;
    await checkRate(store, access.repo, user, "event");
    const event = await store.addComment(access.repo, discussion.num, user, text);
    emitHubEvent(ctx, c, { kind: "discussion.comment", repo: access.repo, num: discussion.num, commentId: event.id });
    return c.json({ newMessage: eventJson(base, event) });
  });

  app.post("/api/:segment/:ns/:name/discussions/:num/title", async (c) => {
    const { access, discussion, store, base } = await existing(c);
    const user = poster(access);
    if (!access.writer && discussion.author.toLowerCase() !== user.toLowerCase())
      throw new ApiError(403, "Only the author of this discussion and the repository's writers may rename it");
    const name = title((await jsonObjectBody(c, MAX_BODY_BYTES)).title);
    await checkRate(store, access.repo, user, "event");
    const event = await store.rename(access.repo, discussion.num, user, name);
    emitHubEvent(ctx, c, { kind: "discussion", action: "update", repo: access.repo, num: discussion.num });
    return c.json({ newTitle: eventJson(base, event) });
  });

  app.post("/api/:segment/:ns/:name/discussions/:num/status", async (c) => {
    const { access, discussion, store, base } = await existing(c);
    const user = writer(access);
    const body = await jsonObjectBody(c, MAX_BODY_BYTES);
    if (body.status !== "open" && body.status !== "closed")
      throw new ApiError(400, 'Invalid "status": expected "open" or "closed"');
    const text = comment(body.comment, "comment", true);
    if (discussion.status === "merged") throw new ApiError(409, "A merged pull request cannot change status");
    // The current status again is accepted and recorded like any change, as on the hub (huggingface_hub's tests set
    // an open PR to "open" before merging it); a draft becomes open through its first commit, not here.
    const from = body.status === "open" ? (["closed", "open"] as const) : (["open", "draft", "closed"] as const);
    const event = await store.changeStatus(access.repo, discussion.num, {
      from,
      to: body.status,
      author: user,
      ...(text !== undefined ? { comment: text } : {}),
    });
    emitHubEvent(ctx, c, { kind: "discussion", action: "update", repo: access.repo, num: discussion.num });
    return c.json({ newStatus: eventJson(base, event) });
  });

  const commentRoute = (action: "edit" | "hide") => async (c: Context<HubEnv>) => {
    const { access, discussion, store, base, rest } = await existing(c);
    const id = decodedSegment(rest[2]).toLowerCase();
    if (!COMMENT_ID.test(id)) throw new ApiError(404, "Comment not found");
    const target = await store.event(access.repo, discussion.num, id);
    if (target === undefined || target.type !== "comment") throw new ApiError(404, "Comment not found");
    if (action === "hide") {
      writer(access);
      const event = await store.updateComment(access.repo, discussion.num, id, { hide: true });
      return c.json({ updatedComment: eventJson(base, event) });
    }
    const user = poster(access);
    if (target.author.toLowerCase() !== user.toLowerCase())
      throw new ApiError(403, "Only the author of a comment may edit it");
    const text = comment((await jsonObjectBody(c, MAX_BODY_BYTES)).content, "content", false) as string;
    await checkRate(store, access.repo, user, "event");
    const event = await store.updateComment(access.repo, discussion.num, id, { edit: { raw: text, author: user } });
    return c.json({ updatedComment: eventJson(base, event) });
  };
  app.post("/api/:segment/:ns/:name/discussions/:num/comment/:id/edit", commentRoute("edit"));
  app.post("/api/:segment/:ns/:name/discussions/:num/comment/:id/hide", commentRoute("hide"));

  app.post("/api/:segment/:ns/:name/discussions/:num/merge", async (c) => {
    const { access, discussion } = await existing(c);
    const user = writer(access);
    const text = comment((await jsonObjectBody(c, MAX_BODY_BYTES)).comment, "comment", true);
    if (!discussion.isPullRequest) throw new ApiError(400, "Only pull requests can be merged");
    if (discussion.status !== "open" && discussion.status !== "draft")
      throw new ApiError(409, `This pull request is ${discussion.status}`);
    const branch = discussion.targetBranch ?? (await ctx.storage.defaultBranch(access.repo));
    // One merge of a PR at a time in this process; a second one at once is a 409 (merge.ts also refuses a merge
    // whose changes the target already has, so a second server cannot add an empty commit either).
    const key = `${access.repo.type}:${access.repo.id.toLowerCase()}#${discussion.num}`;
    if (merging.has(key)) throw new ApiError(409, "This pull request is being merged");
    merging.add(key);
    try {
      return await mergeNow(c, access.repo, discussion, branch, user, text);
    } finally {
      merging.delete(key);
    }
  });

  const mergeNow = async (
    c: Context<HubEnv>,
    repo: RepoRef,
    discussion: DiscussionRow,
    branch: string,
    user: string,
    text: string | undefined,
  ) => {
    const store = storeOf(ctx);
    // A conflict is a 409 with `filesWithConflicts` (merge.ts); nothing is written then.
    const mergeCommit = await mergePullRequest(gitAccess(ctx, repo), {
      num: discussion.num,
      branch,
      title: discussion.title,
      author: user,
      ...(text !== undefined ? { comment: text } : {}),
    });
    // The branch moved first; the discussion and the index follow (a failure here leaves the PR open on a target
    // that already has its changes: merging it again records the merge without a new commit).
    await store.changeStatus(
      repo,
      discussion.num,
      { from: ["open", "draft"], to: "merged", author: user, ...(text !== undefined ? { comment: text } : {}) },
      { mergeCommit },
    );
    await ctx.index.sync(repo).catch((error: unknown) => {
      console.error(`[hub] index sync after merge into ${repo.type} ${repo.id} failed: ${String(error)}`);
    });
    emitHubEvent(ctx, c, {
      kind: "repo.content",
      repo,
      updatedRefs: [{ ref: `refs/heads/${branch}`, newSha: mergeCommit }],
    });
    emitHubEvent(ctx, c, { kind: "discussion", action: "update", repo, num: discussion.num });
    return c.json({ status: "merged", mergeCommitId: mergeCommit });
  };
}

/** The details object of README.md §2.3. */
async function details(ctx: HubContext, base: string, repo: RepoRef, discussion: DiscussionRow, withDiff: boolean) {
  const stored = (await storeOf(ctx).events(repo, discussion.num)).map((event) => eventJson(base, event));
  const common: ReturnType<typeof summaryJson> & { locked: boolean; collection: string } = {
    ...summaryJson(base, repo, discussion),
    locked: false,
    collection: "discussions",
  };
  if (!discussion.isPullRequest) return { ...common, events: stored };
  const git = gitAccess(ctx, repo);
  const branch = discussion.targetBranch ?? (await ctx.storage.defaultBranch(repo));
  const [prHead, targetHead] = await Promise.all([
    refHead(git, prRef(discussion.num)),
    refHead(git, `refs/heads/${branch}`),
  ]);
  const commits = prHead === undefined ? [] : await prCommits(git, prHead, targetHead);
  // A draft with commits is open (a push marks it after git finishes, which a quick reader may overtake).
  if (discussion.status === "draft" && commits.length > 0) {
    await storeOf(ctx).markOpen(repo, discussion.num);
    common.status = "open";
  }
  // Stored events and commits, by time; at equal times the stored order is kept and commits come first.
  const events = [...commits.reverse().map((commit) => commitEventJson(base, commit)), ...stored]
    .map((event, index) => ({ event, index, at: Date.parse(event.createdAt) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .slice(0, MAX_EVENTS + 250)
    .map(({ event }) => event);
  const open = discussion.status === "open" || discussion.status === "draft";
  const conflicts =
    open && prHead !== undefined && targetHead !== undefined ? await currentConflicts(git, prHead, targetHead) : [];
  let diff: string | undefined;
  if (withDiff && prHead !== undefined) {
    const base_ = targetHead === undefined ? undefined : await mergeBase(git, prHead, targetHead);
    diff = base_ === undefined ? "" : await prDiff(git, base_, prHead);
  }
  return {
    ...common,
    events,
    changes: {
      base: `refs/heads/${branch}`,
      ...(prHead !== undefined ? { headCommit: prHead } : {}),
      ...(discussion.mergeCommit !== undefined ? { mergeCommitId: discussion.mergeCommit } : {}),
    },
    filesWithConflicts: conflicts,
    ...(diff !== undefined ? { diff } : {}),
  };
}

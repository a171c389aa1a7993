// The repository lifecycle (hub-api.md §4.1, §4.2): create, delete, move and settings. Bodies come from Python
// (`organization: null`, `type` absent for models, `private` in 0.x, `visibility` later) and JS (`type` always).
// Every existing repository is reached through readableRepo/writableRepo, so a private repository answers exactly
// as a missing one to whoever may not see it.
import type { Context, Hono } from "hono";
import { canCreateIn } from "../auth/permissions.js";
import type { HubEnv } from "../auth/principal.js";
import { newObjectId } from "../auth/tokens.js";
import type { HubContext } from "../hub-context.js";
import { checkedPath } from "../repos/repo-paths.js";
import {
  isValidNamePart,
  isValidNamespace,
  parseRepoType,
  REPO_TYPES,
  type RepoRef,
  type RepoType,
  urlPrefix,
} from "../repos/repo-ref.js";
import { emitHubEvent } from "../webhooks/events.js";
import { ApiError } from "./api-error.js";
import { requestBaseUrl } from "./base-url.js";
import { readJsonObject } from "./json-body.js";
import { HUB_LICENSES, unknownLicenseMessage } from "./licenses.js";
import { writableRepo } from "./repo-access.js";
import { spaceStarterFiles } from "./space-starters.js";

const SPACE_SDKS: ReadonlySet<string> = new Set(["gradio", "streamlit", "docker", "static"]);
/** A create body may carry a few small files (JS createRepo's `files`): bounded in count and total size. */
const MAX_CREATE_FILES = 100;
const MAX_CREATE_BODY = 16 * 1024 * 1024;

interface InitialFile {
  path: string;
  content: Buffer;
}

/** The card of a new space: its title and SDK in the front matter (the fields the runtime and pages read). */
function spaceCard(name: string, sdk: string, license?: string): string {
  const licenseLine = license === undefined ? "" : `license: ${license}\n`;
  return `---\ntitle: ${JSON.stringify(name)}\nemoji: 🚀\ncolorFrom: blue\ncolorTo: purple\nsdk: ${sdk}\npinned: false\n${licenseLine}---\n\n# ${name}\n`;
}

/** JS's `files: [{path, content, encoding: "base64"}]`, checked whole before anything is created. */
function initialFiles(body: Record<string, unknown>, maxFileBytes: number): InitialFile[] {
  const files = body.files;
  if (files === undefined || files === null) return [];
  if (!Array.isArray(files) || files.length > MAX_CREATE_FILES)
    throw new ApiError(400, `"files" must be a list of at most ${MAX_CREATE_FILES} files`);
  const seen = new Set<string>();
  return files.map((file: unknown) => {
    const { path, content, encoding } = (typeof file === "object" && file !== null ? file : {}) as Record<
      string,
      unknown
    >;
    if (typeof path !== "string" || typeof content !== "string")
      throw new ApiError(400, 'Each of "files" needs a string "path" and "content"');
    if (encoding !== undefined && encoding !== "base64" && encoding !== "utf-8")
      throw new ApiError(400, '"encoding" must be "base64" or "utf-8"');
    const checked = checkedPath(path.replace(/^\.?\//, ""));
    if (seen.has(checked)) throw new ApiError(400, `"files" names ${JSON.stringify(checked.slice(0, 200))} twice`);
    seen.add(checked);
    const bytes = encoding === "base64" ? Buffer.from(content, "base64") : Buffer.from(content, "utf8");
    if (bytes.length > maxFileBytes)
      throw new ApiError(
        413,
        `${checked.slice(0, 200)} is larger than ${maxFileBytes} bytes: upload it after creating the repo`,
      );
    return { path: checked, content: bytes };
  });
}

function repoUrl(c: Context, ref: RepoRef): string {
  return `${requestBaseUrl(c)}/${urlPrefix(ref.type)}${ref.id}`;
}

function typeOf(body: Record<string, unknown>): RepoType {
  const type = parseRepoType(body.type ?? body.repo_type);
  if (type === undefined)
    throw new ApiError(
      400,
      `Invalid repo type ${JSON.stringify(String(body.type).slice(0, 40))}: model, dataset or space`,
    );
  return type;
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new ApiError(400, `"${key}" must be a string`);
  return value;
}

/** `name` (possibly `ns/name`, as old clients send it) and `organization` → the namespace and the name. */
function nameParts(c: Context<HubEnv>, body: Record<string, unknown>): { namespace: string; name: string } {
  const rawName = optionalString(body, "name");
  if (rawName === undefined) throw new ApiError(400, '"name" is required');
  let organization = optionalString(body, "organization");
  let name = rawName;
  const slash = rawName.indexOf("/");
  if (slash >= 0) {
    const given = rawName.slice(0, slash);
    if (organization !== undefined && organization !== given)
      throw new ApiError(400, `"name" ${JSON.stringify(rawName.slice(0, 200))} and "organization" disagree`);
    organization = given;
    name = rawName.slice(slash + 1);
  }
  const principal = c.get("principal");
  const namespace = organization ?? (principal.kind === "user" ? principal.name : undefined);
  if (namespace === undefined)
    throw new ApiError(400, '"organization" is required: the administrator has no namespace of its own');
  if (!isValidNamespace(namespace) || !isValidNamePart(name))
    throw new ApiError(
      400,
      `Invalid repo name ${JSON.stringify(`${namespace}/${name}`.slice(0, 200))}: letters, digits, '-', '_' and '.', 1-96 characters, no '--' or '..', not ending in '.git'`,
    );
  return { namespace, name };
}

function requireCaller(c: Context<HubEnv>): void {
  if (c.get("principal").kind === "anonymous")
    throw new ApiError(401, "You must be authenticated (Authorization: Bearer <token>) to do this");
}

/** `private` (Python 0.x) or `visibility`; "protected" is a space whose page is public (so: not private). */
function privacy(body: Record<string, unknown>, type: RepoType): boolean | undefined {
  const visibility = optionalString(body, "visibility");
  if (visibility !== undefined) {
    if (visibility === "private") return true;
    if (visibility === "public") return false;
    if (visibility === "protected" && type === "space") return false;
    throw new ApiError(400, `Invalid visibility ${JSON.stringify(visibility.slice(0, 40))}: public or private`);
  }
  const flag = body.private;
  if (flag === undefined || flag === null) return undefined;
  if (typeof flag !== "boolean") throw new ApiError(400, '"private" must be true or false');
  return flag;
}

async function create(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  requireCaller(c);
  const body = await readJsonObject(c, MAX_CREATE_BODY);
  const type = typeOf(body);
  const { namespace, name } = nameParts(c, body);
  const isPrivate = privacy(body, type) ?? false;
  const files = initialFiles(body, ctx.config.storageLimits.maxRegularFileBytes);
  // `license`: the hub writes it into the new repository's card (a space's card gets it beside its SDK, below).
  const license = optionalString(body, "license");
  if (license !== undefined && !HUB_LICENSES.has(license)) throw new ApiError(400, unknownLicenseMessage(license));
  if (license !== undefined && type !== "space" && !files.some((file) => file.path === "README.md"))
    files.push({ path: "README.md", content: Buffer.from(`---\nlicense: ${license}\n---\n`) });
  if (type === "space") {
    const sdk = optionalString(body, "sdk") ?? "static";
    if (!SPACE_SDKS.has(sdk))
      throw new ApiError(
        400,
        `Invalid space sdk ${JSON.stringify(sdk.slice(0, 40))}: gradio, streamlit, docker or static`,
      );
    // A new space without files of its own starts with its SDK's starter app (space-starters.ts), as on the hub.
    if (files.length === 0)
      for (const file of spaceStarterFiles(sdk, name))
        files.push({ path: file.path, content: Buffer.from(file.content) });
    // A space's SDK lives in its card, as on the hub: a new space without a README gets one naming it.
    if (!files.some((file) => file.path === "README.md"))
      files.push({ path: "README.md", content: Buffer.from(spaceCard(name, sdk, license)) });
  }
  const principal = c.get("principal");
  if (!canCreateIn(principal, namespace))
    throw new ApiError(403, `You don't have the rights to create a ${type} under the namespace "${namespace}"`);
  const account = await ctx.accounts.account(namespace);
  if (account === undefined) throw new ApiError(404, `The namespace "${namespace}" does not exist`);
  const ref: RepoRef = { type, id: `${account.name}/${name}` };
  const existing = await ctx.index.lookup(ref);
  if (existing !== undefined)
    throw new ApiError(409, `You already created this ${type} repo`, {
      body: { url: repoUrl(c, { type, id: existing.id }) },
    });
  // The initial commit is the creator's (huggingface_hub's list_repo_commits shows them as its author on the hub).
  const author = principal.kind === "user" ? principal.name : namespace;
  try {
    await ctx.storage.create(ref, author);
  } catch (error) {
    // A concurrent creation of the same name won the race: the same 409 as above, with the url clients need.
    if (error instanceof ApiError && error.status === 409)
      throw new ApiError(409, `You already created this ${type} repo`, { body: { url: repoUrl(c, ref) } });
    throw error;
  }
  try {
    await ctx.index.register(ref, { private: isPrivate });
  } catch (error) {
    // Not indexed = not created: remove the repository again so that a retry starts clean. (Only this exact
    // folder: a concurrent `A/Race` that won the index against our `A/race` keeps its own.)
    await ctx.storage.delete(ref).catch(() => {});
    // The index refused the id: a creation of the same name in another letter case won the race.
    if (error instanceof ApiError && error.status === 409) {
      const winner = await ctx.index.lookup(ref);
      throw new ApiError(409, `You already created this ${type} repo`, {
        body: { url: repoUrl(c, { type, id: winner?.id ?? ref.id }) },
      });
    }
    throw error;
  }
  // A new repository at a moved one's old id takes the id back: it no longer redirects.
  await ctx.redirects?.forget(ref);
  // Nor does it inherit LFS objects linked to an earlier repository of that id (lfs/repo-objects.ts).
  await ctx.lfsLinks.forget(ref);
  await ctx.discussions?.forget(ref); // nor an earlier repository's discussions (community/)
  if (files.length > 0) {
    const branch = await ctx.storage.defaultBranch(ref);
    await ctx.storage.commit(ref, {
      branch,
      author,
      summary: type === "space" && files.length === 1 ? "Initial space card" : "Upload files at repository creation",
      operations: files.map((file) => ({ kind: "file" as const, path: file.path, content: file.content })),
    });
  }
  await ctx.index.sync(ref);
  emitHubEvent(ctx, c, { kind: "repo.created", repo: ref });
  return c.json({ url: repoUrl(c, ref), name: ref.id, id: newObjectId() });
}

/** The repository a delete/move body names (`name` + `organization`, or `fromRepo`). */
function bodyRef(c: Context<HubEnv>, body: Record<string, unknown>): RepoRef {
  const { namespace, name } = nameParts(c, body);
  return { type: typeOf(body), id: `${namespace}/${name}` };
}

async function remove(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  requireCaller(c);
  const body = await readJsonObject(c);
  const repo = await writableRepo(ctx, c, bodyRef(c, body), "manage");
  // The repository first, then its record: a crash in between leaves a record without a repository, which the
  // start-up reconciliation removes (the reverse would leave an unlisted repository nobody can delete).
  const wasPrivate = (await ctx.index.lookup(repo))?.private ?? true; // for the webhooks (after the removal, unknown)
  await ctx.storage.delete(repo);
  await ctx.index.remove(repo);
  // Old ids that led here now lead nowhere (and must not lead to a later repository of the same name).
  await ctx.redirects?.forget(repo);
  // Its LFS objects are no longer its (the bytes stay in the shared store).
  await ctx.lfsLinks.forget(repo);
  // Its gate and access requests too (a later repository of the same name starts ungated).
  await ctx.gates?.forget(repo);
  // Its discussions and pull requests too (community/).
  await ctx.discussions?.forget(repo);
  emitHubEvent(ctx, c, { kind: "repo.deleted", repo, private: wasPrivate });
  return c.text("OK");
}

function fullId(body: Record<string, unknown>, key: string): { namespace: string; name: string } {
  const value = optionalString(body, key);
  const parts = value?.split("/");
  if (value === undefined || parts?.length !== 2)
    throw new ApiError(400, `"${key}" must be a namespaced repo id (namespace/name)`);
  const [namespace = "", name = ""] = parts;
  if (!isValidNamespace(namespace) || !isValidNamePart(name))
    throw new ApiError(400, `Invalid repo id ${JSON.stringify(value.slice(0, 200))} in "${key}"`);
  return { namespace, name };
}

async function move(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  requireCaller(c);
  const body = await readJsonObject(c);
  const type = typeOf(body);
  const from = fullId(body, "fromRepo");
  const to = fullId(body, "toRepo");
  const source = await writableRepo(ctx, c, { type, id: `${from.namespace}/${from.name}` }, "manage");
  const principal = c.get("principal");
  if (!canCreateIn(principal, to.namespace))
    throw new ApiError(403, `You don't have the rights to create a ${type} under the namespace "${to.namespace}"`);
  const account = await ctx.accounts.account(to.namespace);
  if (account === undefined) throw new ApiError(404, `The namespace "${to.namespace}" does not exist`);
  const target: RepoRef = { type, id: `${account.name}/${to.name}` };
  const existing = await ctx.index.lookup(target);
  // A pure case change of the same repository is a rename onto itself, not a conflict.
  if (existing !== undefined && existing.id.toLowerCase() !== source.id.toLowerCase())
    throw new ApiError(409, `A ${type} repository called ${existing.id} already exists`);
  await ctx.storage.move(source, target);
  try {
    await ctx.index.rename(source, target);
  } catch (error) {
    // A case variant of the target was created meanwhile (the index's unique lower(id) refused the new id): the
    // folder goes back, the repository keeps its id, and the caller gets the same 409 as above.
    await ctx.storage.move(target, source).catch(() => {});
    throw error;
  }
  // Old URLs then redirect (hub-api.md §4.2): the old id, and ids that already led to it, now lead to the target.
  await ctx.redirects?.moved(source, target);
  // Its LFS objects move with it.
  await ctx.lfsLinks.moved(source, target);
  // Its gate and access requests move with it.
  await ctx.gates?.moved(source, target);
  // Its discussions and pull requests move with it (their refs/pr/N are in the moved git folder).
  await ctx.discussions?.moved(source, target);
  emitHubEvent(ctx, c, { kind: "repo.moved", repo: source, to: target });
  return c.json({ url: repoUrl(c, target), name: target.id });
}

async function settings(ctx: HubContext, c: Context<HubEnv>, type: RepoType): Promise<Response> {
  const ref: RepoRef = { type, id: `${c.req.param("ns")}/${c.req.param("name")}` };
  const repo = await writableRepo(ctx, c, ref, "manage");
  const body = await readJsonObject(c);
  const gated = body.gated;
  if (gated !== undefined && gated !== null && gated !== false && gated !== "auto" && gated !== "manual")
    throw new ApiError(400, '"gated" must be "auto", "manual" or false');
  if (gated !== undefined && gated !== null && ctx.gates === undefined)
    throw new ApiError(501, "Gated repositories are not supported by this hub");
  const isPrivate = privacy(body, type);
  if (isPrivate !== undefined) await ctx.index.setPrivate(repo, isPrivate);
  if (isPrivate !== undefined)
    emitHubEvent(ctx, c, { kind: "repo.config", repo, updatedConfig: { private: isPrivate } });
  // Gating decides who may download the files (gating/gate.ts); the info, file list and card stay visible.
  if (gated !== undefined && gated !== null) await ctx.gates?.setMode(repo, gated);
  const registration = await ctx.index.lookup(repo);
  return c.json({
    id: repo.id,
    private: registration?.private ?? isPrivate ?? false,
    gated: (await ctx.gates?.mode(repo)) ?? false,
  });
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.post("/api/repos/create", (c) => create(ctx, c));
  app.delete("/api/repos/delete", (c) => remove(ctx, c));
  app.post("/api/repos/move", (c) => move(ctx, c));
  for (const type of REPO_TYPES) app.put(`/api/${type}s/:ns/:name/settings`, (c) => settings(ctx, c, type));
}

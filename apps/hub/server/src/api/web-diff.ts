// A site-only route for the web app's commit page (the hub API has no diff endpoint):
// `GET /api/{type}s/{id}/diff/{rev}` → the commit, its changed files (status, old path on renames) and a unified
// diff per text file. Everything is bounded: git runs with a deadline, the file list and the patch output are capped
// (the patch stream is cut, not buffered whole), and each file's patch is cut at its own bound.
import { spawn } from "node:child_process";
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { gitEnv, runGit } from "../repos/git-run.js";
import { ApiError, RevisionNotFoundError } from "./api-error.js";
import { readableRepo } from "./repo-access.js";
import { apiRepoUrl, revisionAndPath } from "./repo-url.js";

export const DIFF_LIMITS = {
  timeoutMs: 10_000,
  maxFiles: 300,
  /** Bytes of `git diff-tree -p` output read in all; the files past it are listed without a patch. */
  maxPatchBytes: 2 * 1024 * 1024,
  /** Characters of one file's patch shown. */
  maxFilePatch: 256 * 1024,
  maxMessage: 64 * 1024,
};

export type FileStatus = "added" | "modified" | "deleted" | "renamed" | "typechange";

export interface DiffFile {
  path: string;
  oldPath?: string;
  status: FileStatus;
  binary: boolean;
  patch?: string;
  truncated?: boolean;
}

const STATUS: Record<string, FileStatus> = {
  A: "added",
  C: "added",
  D: "deleted",
  M: "modified",
  R: "renamed",
  T: "typechange",
};

/** Parses `git diff-tree -r -z --raw` output (`:mode mode oid oid S\0path\0` or `…R100\0old\0new\0`). */
export function parseRawDiff(output: string, maxFiles: number): { files: DiffFile[]; truncated: boolean } {
  const fields = output.split("\0");
  const files: DiffFile[] = [];
  let index = 0;
  while (index < fields.length) {
    const meta = fields[index];
    if (meta === undefined || !meta.startsWith(":")) break;
    const letter = meta.trim().split(/\s+/)[4]?.[0] ?? "M";
    const twoPaths = letter === "R" || letter === "C";
    const first = fields[index + 1] ?? "";
    const second = twoPaths ? (fields[index + 2] ?? "") : undefined;
    index += twoPaths ? 3 : 2;
    if (files.length === maxFiles) return { files, truncated: true };
    const status = STATUS[letter] ?? "modified";
    files.push(
      second !== undefined
        ? { path: second, ...(letter === "R" ? { oldPath: first } : {}), status, binary: false }
        : { path: first, status, binary: false },
    );
  }
  return { files, truncated: false };
}

/** Splits `git diff-tree -p` output into one chunk per file, in order, each from its `diff --git` line. */
export function splitPatch(output: string): string[] {
  const chunks: string[] = [];
  let start = output.indexOf("diff --git ");
  while (start !== -1) {
    const next = output.indexOf("\ndiff --git ", start + 1);
    chunks.push(output.slice(start, next === -1 ? output.length : next + 1));
    start = next === -1 ? -1 : next + 1;
  }
  return chunks;
}

/** Runs git keeping at most `maxBytes` of stdout (then stops it): a big diff is cut, never buffered whole. */
function gitHead(
  gitDir: string,
  args: string[],
  maxBytes: number,
  timeoutMs: number,
): Promise<{ text: string; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", ["--git-dir", gitDir, ...args], { env: gitEnv(), stdio: ["ignore", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      if (cut) return;
      const room = maxBytes - size;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        size = maxBytes;
        cut = true;
        child.kill("SIGKILL");
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", () => {
      clearTimeout(timer);
      if (timedOut && !cut) reject(new ApiError(504, "The diff took too long to compute"));
      else resolve({ text: Buffer.concat(chunks).toString("utf8"), cut });
    });
  });
}

async function git(gitDir: string, args: string[], maxOutputBytes: number): Promise<string> {
  const result = await runGit(args, { gitDir, timeoutMs: DIFF_LIMITS.timeoutMs, maxOutputBytes });
  if (result.code !== 0) throw new ApiError(500, `git ${args[0]} failed`);
  return result.stdout.toString("utf8");
}

/** The patch of one file without git's header lines (`diff --git`, `index`, modes): from `---` or `Binary`. */
function patchBody(chunk: string): { binary: boolean; body: string } {
  const binary = /^(?:Binary files .* differ|GIT binary patch)$/m.test(chunk);
  const hunk = chunk.search(/^@@ /m);
  return { binary, body: binary || hunk === -1 ? "" : chunk.slice(hunk) };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/:segment/:ns/:name/diff/*", async (c) => {
    const url = apiRepoUrl(c);
    if (url === undefined) throw new ApiError(404, "Not found");
    const ref = await readableRepo(ctx, c, url.ref);
    // A diff shows file contents: gated like the files themselves (gating/gate.ts).
    await assertDownloadAllowed(ctx, c, ref);
    const { revision } = revisionAndPath(url.rest);
    if (revision.length > 256) throw new RevisionNotFoundError(revision.slice(0, 256));
    const commit = await ctx.storage.resolveRevision(ref, revision);
    if (commit === undefined) throw new RevisionNotFoundError(revision);
    const gitDir = ctx.storage.gitDir(ref);

    const header = await git(gitDir, ["show", "-s", "--format=%H%x00%P%x00%an%x00%aI%x00%B", commit], 1024 * 1024);
    const [id = commit, parentText = "", author = "", date = "", ...messageParts] = header.split("\0");
    const message = messageParts.join("\0").trim().slice(0, DIFF_LIMITS.maxMessage);
    const parents = parentText.trim() === "" ? [] : parentText.trim().split(" ");
    // Against the first parent (merges included), or against the empty tree for a root commit.
    const range = parents.length > 0 ? [parents[0] as string, commit] : ["--root", commit];
    const common = ["-r", "-M", "--no-commit-id", "--no-color", "--no-ext-diff", "--no-textconv"];

    const raw = await git(gitDir, ["diff-tree", ...common, "-z", "--raw", ...range], 4 * 1024 * 1024);
    const listed = parseRawDiff(raw, DIFF_LIMITS.maxFiles);
    const patch = await gitHead(
      gitDir,
      ["diff-tree", ...common, "-p", ...range],
      DIFF_LIMITS.maxPatchBytes,
      DIFF_LIMITS.timeoutMs,
    );
    const chunks = splitPatch(patch.text);
    const files = listed.files.map((file, index) => {
      const chunk = chunks[index];
      // A chunk is whole unless it is the last one of a cut stream.
      if (chunk === undefined || (patch.cut && index === chunks.length - 1)) return { ...file, truncated: true };
      const { binary, body } = patchBody(chunk);
      if (binary) return { ...file, binary: true };
      return body.length > DIFF_LIMITS.maxFilePatch
        ? { ...file, patch: body.slice(0, DIFF_LIMITS.maxFilePatch), truncated: true }
        : { ...file, patch: body };
    });
    const title = message.split("\n", 1)[0] ?? "";
    return c.json({
      commit: { id, parents, title, message: message.slice(title.length).trim(), author, date },
      files,
      truncated: listed.truncated,
    });
  });
}

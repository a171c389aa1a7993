// Uploading files from the browser as the hub's clients do (hub-api.md §4.4–4.5): preupload decides which files go
// to LFS; LFS files are hashed (sha256), announced to the LFS batch API, PUT to the signed href the server returns
// (XHR, for upload progress), verified, then referenced by `lfsFile` lines; small files travel base64 inside the
// NDJSON commit (whose own upload progress is split per file). Every request carries the session's CSRF token.
import { ApiRequestError } from "../../lib/api";
import { loadSession, sessionFetch, sessionJson } from "../../lib/session";
import { encodePath, type RepoId, repoApiPath } from "../repo/repo-url";
import { buildCommitBody, bytesToBase64, type InlineFile, inlineProgress, type LfsPointer } from "./commit-body";

/** The browser hashes a whole LFS file in memory (WebCrypto has no streaming digest): larger files need the CLI. */
export const MAX_BROWSER_FILE_BYTES = 1024 * 1024 * 1024;
/** Inline (non-LFS) files travel base64 in one request body (the server's cap is 256 MB): keep well under it. */
const MAX_INLINE_BYTES = 150 * 1024 * 1024;
const LFS_MEDIA_TYPE = "application/vnd.git-lfs+json";
const PREFIX: Record<RepoId["type"], string> = { model: "", dataset: "/datasets", space: "/spaces" };

export interface UploadItem {
  /** Where it goes in the repository. */
  path: string;
  file: Blob;
}

export type UploadPhase = "waiting" | "hashing" | "uploading" | "committing" | "done" | "failed";

export type ProgressListener = (path: string, phase: UploadPhase, fraction: number) => void;

interface PreuploadAnswer {
  files: Array<{ path: string; uploadMode: "lfs" | "regular"; shouldIgnore?: boolean }>;
}

interface BatchAnswer {
  objects: Array<{
    oid: string;
    size: number;
    error?: { code: number; message: string };
    actions?: Record<string, { href: string; header?: Record<string, string> }>;
  }>;
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** An XHR request (fetch has no upload progress); rejects with the server's message on a non-2xx answer. */
export function xhrSend(
  method: string,
  url: string,
  body: Blob | string,
  headers: Record<string, string>,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.responseText);
      let message = `${xhr.status} ${xhr.statusText}`;
      try {
        const parsed = JSON.parse(xhr.responseText) as { error?: unknown; message?: unknown };
        if (typeof parsed.error === "string") message = parsed.error;
        else if (typeof parsed.message === "string") message = parsed.message;
      } catch {
        // not JSON
      }
      reject(new ApiRequestError(message, xhr.status));
    };
    xhr.onerror = () => reject(new ApiRequestError("The upload was interrupted (network error)", 0));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function sample(blob: Blob): Promise<string> {
  return bytesToBase64(new Uint8Array(await blob.slice(0, 512).arrayBuffer()));
}

/** The commit API's answer: the new commit, and with `create_pr=1` the pull request it opened. */
export interface CommitAnswer {
  commitOid: string;
  pullRequestUrl?: string;
}

/** Uploads `items` to `rev` in one commit; resolves with the commit's id. */
export async function uploadFiles(
  repo: RepoId,
  rev: string,
  items: readonly UploadItem[],
  message: { summary: string; description: string },
  onProgress: ProgressListener,
  signal?: AbortSignal,
): Promise<string> {
  return (await uploadFilesAs(repo, rev, items, message, onProgress, signal)).commitOid;
}

/**
 * uploadFiles with the whole answer; `createPr` opens a pull request against `rev` with the commit instead of
 * committing to it (`?create_pr=1` on preupload and commit, as huggingface_hub sends it).
 */
export async function uploadFilesAs(
  repo: RepoId,
  rev: string,
  items: readonly UploadItem[],
  message: { summary: string; description: string },
  onProgress: ProgressListener,
  signal?: AbortSignal,
  createPr = false,
): Promise<CommitAnswer> {
  const prQuery = createPr ? "?create_pr=1" : "";
  const tooBig = items.find((item) => item.file.size > MAX_BROWSER_FILE_BYTES);
  if (tooBig !== undefined)
    throw new Error(`${tooBig.path} is larger than 1 GiB: upload it with git or the hub's Python client`);
  const session = await loadSession();
  if (session === null) throw new ApiRequestError("Sign in to upload files", 401);
  const revPath = `/${encodeURIComponent(rev)}`;

  const modes = await sessionJson<PreuploadAnswer>(repoApiPath(repo, `/preupload${revPath}${prQuery}`), "POST", {
    files: await Promise.all(
      items.map(async (item) => ({ path: item.path, size: item.file.size, sample: await sample(item.file) })),
    ),
  });
  const isLfs = new Set(modes.files.filter((file) => file.uploadMode === "lfs").map((file) => file.path));
  const lfsItems = items.filter((item) => isLfs.has(item.path));
  const inlineItems = items.filter((item) => !isLfs.has(item.path));

  const inlineBytes = inlineItems.reduce((sum, item) => sum + item.file.size, 0);
  if (inlineBytes > MAX_INLINE_BYTES)
    throw new Error(
      `The small files add up to more than ${MAX_INLINE_BYTES / 1024 / 1024} MB, too much for one commit: upload them in parts`,
    );

  const pointers: LfsPointer[] = [];
  for (const item of lfsItems) {
    onProgress(item.path, "hashing", 0);
    pointers.push({ path: item.path, oid: await sha256Hex(item.file), size: item.file.size });
  }
  if (pointers.length > 0) {
    const lfsRoot = `${PREFIX[repo.type]}/${encodePath(repo.id)}.git/info/lfs`;
    const batch = (await (
      await sessionFetch(`${lfsRoot}/objects/batch`, {
        method: "POST",
        headers: { "Content-Type": LFS_MEDIA_TYPE, accept: LFS_MEDIA_TYPE },
        body: JSON.stringify({
          operation: "upload",
          transfers: ["basic"],
          objects: pointers.map(({ oid, size }) => ({ oid, size })),
          hash_algo: "sha256",
        }),
        signal,
      })
    ).json()) as BatchAnswer;
    for (const pointer of pointers) {
      const item = lfsItems.find((candidate) => candidate.path === pointer.path) as UploadItem;
      const object = batch.objects.find((candidate) => candidate.oid === pointer.oid);
      if (object?.error !== undefined) throw new Error(`${pointer.path}: ${object.error.message}`);
      const upload = object?.actions?.upload;
      if (upload !== undefined) {
        onProgress(pointer.path, "uploading", 0);
        await xhrSend(
          "PUT",
          upload.href,
          item.file,
          upload.header ?? {},
          (sent) => onProgress(pointer.path, "uploading", pointer.size === 0 ? 1 : sent / pointer.size),
          signal,
        );
        const verify = object?.actions?.verify;
        if (verify !== undefined)
          await xhrSend(
            "POST",
            verify.href,
            JSON.stringify({ oid: pointer.oid, size: pointer.size }),
            { "Content-Type": LFS_MEDIA_TYPE, accept: LFS_MEDIA_TYPE, ...verify.header },
            () => {},
            signal,
          );
      }
      // No upload action: the server already has these bytes.
      onProgress(pointer.path, "committing", 1);
    }
  }

  const inline: InlineFile[] = [];
  for (const item of inlineItems)
    inline.push({ path: item.path, base64: bytesToBase64(new Uint8Array(await item.file.arrayBuffer())) });
  for (const item of inlineItems) onProgress(item.path, "uploading", 0);
  const { body, ranges } = buildCommitBody(message.summary, message.description, inline, pointers);
  const answer = await xhrSend(
    "POST",
    repoApiPath(repo, `/commit${revPath}${prQuery}`),
    body,
    { "Content-Type": "application/x-ndjson", accept: "application/json", "X-CSRF-Token": session.csrfToken },
    (sent) => {
      for (const [path, fraction] of inlineProgress(ranges, sent)) onProgress(path, "uploading", fraction);
    },
    signal,
  );
  for (const item of items) onProgress(item.path, "done", 1);
  const parsed = JSON.parse(answer) as { commitOid?: unknown; pullRequestUrl?: unknown };
  return {
    commitOid: String(parsed.commitOid ?? ""),
    ...(typeof parsed.pullRequestUrl === "string" ? { pullRequestUrl: parsed.pullRequestUrl } : {}),
  };
}

/** One commit that deletes the file `path`. */
export async function deletePath(repo: RepoId, rev: string, path: string, summary: string): Promise<void> {
  const { body } = buildCommitBody(summary, "", [], [], [path]);
  await sessionFetch(repoApiPath(repo, `/commit/${encodeURIComponent(rev)}`), {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson" },
    body,
  });
}

/**
 * Commits a text file's new content (the file editor); `createPr` opens a pull request with it instead. With
 * `parentCommit` (the commit the editor loaded) the server refuses with 412 when the branch moved meanwhile.
 */
export async function commitText(
  repo: RepoId,
  rev: string,
  path: string,
  text: string,
  summary: string,
  description = "",
  createPr = false,
  parentCommit?: string,
): Promise<CommitAnswer> {
  const { body } = buildCommitBody(
    summary,
    description,
    [{ path, base64: bytesToBase64(new TextEncoder().encode(text)) }],
    [],
    [],
    parentCommit,
  );
  const response = await sessionFetch(
    repoApiPath(repo, `/commit/${encodeURIComponent(rev)}${createPr ? "?create_pr=1" : ""}`),
    { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body },
  );
  const parsed = (await response.json().catch(() => ({}))) as { commitOid?: unknown; pullRequestUrl?: unknown };
  return {
    commitOid: String(parsed.commitOid ?? ""),
    ...(typeof parsed.pullRequestUrl === "string" ? { pullRequestUrl: parsed.pullRequestUrl } : {}),
  };
}

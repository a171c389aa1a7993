// Answers a file of a repository with its bytes: the LFS object when the file is a pointer (and not read raw), else
// its git blob; whole, or the one range asked (206), or 416. Used by resolve/raw and by static space apps. An LFS
// object is served only when it is linked to the repository (lfsObjectServable): a pointer naming another
// repository's object (pushed by git, say) is a file whose object is missing.
import type { Context } from "hono";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { LfsPointerInfo } from "../repos/storage.js";
import { objectSender } from "../xet/bridged-store.js";
import { parseRange, streamResponse } from "./stream-response.js";

export interface RepoFile {
  ref: RepoRef;
  /** The git blob (for an LFS file, its pointer). */
  blobOid: string;
  /** The LFS object to send instead of the blob. */
  lfs: LfsPointerInfo | undefined;
  /** Bytes of what is sent. */
  total: number;
}

/** Whether the repository may serve this LFS object: linked to it, with its bytes (of that size) in the store. */
export async function lfsObjectServable(ctx: HubContext, ref: RepoRef, lfs: LfsPointerInfo): Promise<boolean> {
  if (!(await ctx.lfsLinks.isLinked(ref, lfs.oid, lfs.size))) return false;
  return (await ctx.lfs.stat(lfs.oid))?.size === lfs.size;
}

export function sendRepoFile(c: Context, ctx: HubContext, file: RepoFile, headers: Record<string, string>): Response {
  const { ref, blobOid, lfs, total } = file;
  const range = parseRange(c.req.header("range"), total);
  if (range === "unsatisfiable")
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${total}`, "Content-Length": "0" });
  // An object of the folder store is a plain file, sent with reused buffers (send-file.ts); a Xet-uploaded object
  // has none: it is rebuilt from its xorbs into the socket the same way (xet/bridge-send.ts).
  const sender = lfs !== undefined ? objectSender(ctx.lfs, lfs.oid) : undefined;
  return streamResponse(c, {
    headers,
    total,
    range,
    open: (byteRange) =>
      lfs !== undefined ? ctx.lfs.read(lfs.oid, byteRange) : ctx.storage.streamBlob(ref, blobOid, byteRange),
    ...(sender !== undefined ? { send: sender } : {}),
  });
}

// What resolve adds for a file stored through Xet (xet.md §1.3): its Xet hash, and the `Link` rels that point the
// clients at a read token for this commit and at the file's reconstruction, both absolute URLs of this hub. The JS
// client asks with `Accept: application/vnd.xet-fileinfo+json` and then reads only the headers; for it the answer is
// a small JSON body instead of the bytes.
import type { Context } from "hono";
import { baseUrl } from "../api/repo-url.js";
import type { HubContext } from "../hub-context.js";
import { apiSegment, type RepoRef } from "../repos/repo-ref.js";
import { casUrl } from "./cas-routes.js";

export const XET_FILEINFO_TYPE = "application/vnd.xet-fileinfo+json";

/** The Xet headers of an LFS file of `ref` at `commit`, or undefined when the file was not uploaded through Xet. */
export async function xetResolveHeaders(
  c: Context,
  ctx: HubContext,
  ref: RepoRef,
  commit: string,
  sha256: string,
): Promise<Record<string, string> | undefined> {
  const xet = ctx.xet;
  if (xet === undefined) return undefined;
  const file = await xet.index.fileBySha256(sha256);
  if (file === undefined) return undefined;
  const auth = `${baseUrl(c)}/api/${apiSegment(ref.type)}/${ref.id}/xet-read-token/${commit}`;
  const reconstruction = `${casUrl(c, xet)}/v1/reconstructions/${file.fileHash}`;
  return {
    "X-Xet-Hash": file.fileHash,
    Link: `<${auth}>; rel="xet-auth", <${reconstruction}>; rel="xet-reconstruction-info"`,
  };
}

export function wantsXetFileInfo(c: Context): boolean {
  return (c.req.header("accept") ?? "").includes(XET_FILEINFO_TYPE);
}

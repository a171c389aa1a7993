// The LFS batch `xet` transfer (xet.md §1.5) for @huggingface/hub and huggingface_hub 0.36–1.19: when the client
// offers `xet`, an upload answer picks it, each object to send carrying the write-token route as `href` and a token
// in `X-Xet-*` headers; the client then uploads through the CAS, whose shard links the file to this repository.
import type { Context } from "hono";
import { baseUrl } from "../api/repo-url.js";
import type { HubContext } from "../hub-context.js";
import { apiSegment, type RepoRef } from "../repos/repo-ref.js";
import { casUrl } from "./cas-routes.js";
import { issueXetToken } from "./tokens.js";

export interface XetUploadAction {
  href: string;
  header: Record<string, string>;
}

/** The upload action of a batch answer that picks `xet` (the caller checked write access), or undefined. */
export function xetUploadAction(
  c: Context,
  ctx: HubContext,
  repo: RepoRef,
  transfers: readonly unknown[],
  ref: unknown,
  user: string,
): XetUploadAction | undefined {
  const xet = ctx.xet;
  if (xet === undefined || !transfers.includes("xet")) return undefined;
  const name = typeof ref === "object" && ref !== null ? (ref as { name?: unknown }).name : undefined;
  const branch = typeof name === "string" && name !== "" ? name.replace(/^refs\/heads\//, "") : "main";
  const { token, expires } = issueXetToken(xet.signer, repo, "write", user);
  return {
    href: `${baseUrl(c)}/api/${apiSegment(repo.type)}/${repo.id}/xet-write-token/${encodeURIComponent(branch)}`,
    header: {
      "X-Xet-Cas-Url": casUrl(c, xet),
      "X-Xet-Access-Token": token,
      "X-Xet-Token-Expiration": String(expires),
    },
  };
}

// What a signed transfer URL allows, and the URLs themselves. The batch API checks the caller once (read access for
// downloads, write access for uploads) and hands out self-authorising hrefs, because the HTTP clients PUT and GET
// them without credentials (hub-api.md §4.5). Each href's HMAC covers the action, the object (oid, size), the
// repository it was asked for (so completing an upload links the object to that repository, and a download href
// serves only objects linked to it), the user who asked (whose multipart quota the parts count against) and, for
// parts, the chunk size. One signature covers all parts of an object: a 1 600-part answer costs one HMAC.
import type { Context } from "hono";
import { ApiError } from "../api/api-error.js";
import type { Principal } from "../auth/principal.js";
import { isValidRepoId, parseRepoType, type RepoRef } from "../repos/repo-ref.js";
import { SHA256_HEX } from "./pointer.js";
import type { UrlSigner } from "./signing.js";

export type TransferAction = "upload" | "part" | "verify" | "download";

export interface TransferGrant {
  oid: string;
  size: number;
  /** The repository as stored (its canonical id). */
  repo: RepoRef;
  /** Who asked: a lower-case user name, `~admin`, or "" (anonymous). */
  user: string;
  /** Part size of a multipart upload (part URLs only), else 0. */
  chunk: number;
}

const USER_KEY = /^(~admin|[a-z0-9][a-z0-9-]{0,63})?$/;

/** The quota owner of a principal: its lower-case name (the admin token has one key of its own). */
export function userKeyOf(principal: Principal): string {
  if (principal.kind === "user") return principal.name.toLowerCase();
  return principal.kind === "admin" ? "~admin" : "";
}

function subject(action: TransferAction, grant: TransferGrant): string {
  return [action, grant.oid, grant.size, grant.repo.type, grant.repo.id, grant.user, grant.chunk].join("\n");
}

function query(signer: UrlSigner, action: TransferAction, grant: TransferGrant): string {
  const params = [
    `type=${grant.repo.type}`,
    `repo=${encodeURIComponent(grant.repo.id)}`,
    ...(grant.user !== "" ? [`user=${encodeURIComponent(grant.user)}`] : []),
    ...(grant.chunk > 0 ? [`chunk=${grant.chunk}`] : []),
  ];
  return `${params.join("&")}&${signer.sign(subject(action, grant))}`;
}

/** The hrefs of one object for one repository and user. */
export function transferUrls(base: string, signer: UrlSigner, grant: Omit<TransferGrant, "chunk">) {
  const object = `${base}/api/lfs/objects/${grant.oid}/${grant.size}`;
  const whole = { ...grant, chunk: 0 };
  return {
    upload: () => `${object}?${query(signer, "upload", whole)}`,
    verify: () => `${base}/api/lfs/verify/${grant.oid}/${grant.size}?${query(signer, "verify", whole)}`,
    // The user too: a gated repository's download is decided again when the URL is used (gating/gate.ts).
    download: () => `${object}?${query(signer, "download", whole)}`,
    /** Part URLs n = 1…count, sharing one signature. */
    parts: (chunk: number, count: number) => {
      const signed = query(signer, "part", { ...grant, chunk });
      return Array.from({ length: count }, (_, index) => `${object}/parts/${index + 1}?${signed}`);
    },
  };
}

/** The grant of a transfer request, or 404 (malformed) / 403 (a signature that does not cover it). */
export function grantOf(c: Context, signer: UrlSigner, action: TransferAction): TransferGrant {
  const oid = c.req.param("oid") ?? "";
  const sizeText = c.req.param("size") ?? "";
  const type = parseRepoType(c.req.query("type"));
  const repo = c.req.query("repo") ?? "";
  const user = c.req.query("user") ?? "";
  const chunkText = c.req.query("chunk") ?? "0";
  if (
    !SHA256_HEX.test(oid) ||
    !/^\d{1,16}$/.test(sizeText) ||
    !/^\d{1,16}$/.test(chunkText) ||
    type === undefined ||
    c.req.query("type") !== type ||
    !isValidRepoId(repo) ||
    !USER_KEY.test(user)
  )
    throw new ApiError(404, "Not found");
  const grant: TransferGrant = {
    oid,
    size: Number(sizeText),
    repo: { type, id: repo },
    user,
    chunk: Number(chunkText),
  };
  if (!signer.verify(subject(action, grant), c.req.query("expires"), c.req.query("sig")))
    throw new ApiError(403, "This transfer URL is invalid or has expired: request a new one from the batch API");
  return grant;
}

// CAS access tokens (xet.md §1.2): `<payload>.<expires>.<hmac>`, the payload naming the repository and the scope
// (read or write). Signed with the hub's URL-signing key (lfs/signing.ts), so they survive a restart and are
// worthless to anyone who cannot get one from the token route, which applies the repository's access rules.
import type { UrlSigner } from "../lfs/signing.js";
import { REPO_TYPES, type RepoRef, type RepoType } from "../repos/repo-ref.js";

export type XetScope = "read" | "write";
export const XET_TOKEN_TTL_SECONDS = 3600;

export interface XetTokenClaims {
  ref: RepoRef;
  scope: XetScope;
  /** Who it was issued to (lfs/transfer-grant.ts userKeyOf): a gated repository's gate is decided again for them. */
  user: string;
  /** Unix seconds. */
  expires: number;
}

const subject = (payload: string) => `xet-token\n${payload}`;

export function issueXetToken(
  signer: UrlSigner,
  ref: RepoRef,
  scope: XetScope,
  user: string,
): { token: string; expires: number } {
  const payload = Buffer.from(JSON.stringify({ t: ref.type, r: ref.id, s: scope, u: user })).toString("base64url");
  const query = new URLSearchParams(signer.sign(subject(payload), XET_TOKEN_TTL_SECONDS));
  const expires = Number(query.get("expires"));
  return { token: `${payload}.${expires}.${query.get("sig")}`, expires };
}

/** The claims of a valid, unexpired token; undefined otherwise. */
export function verifyXetToken(signer: UrlSigner, token: string): XetTokenClaims | undefined {
  if (token.length > 2048) return undefined;
  const [payload, expires, sig, extra] = token.split(".");
  if (payload === undefined || expires === undefined || sig === undefined || extra !== undefined) return undefined;
  if (!signer.verify(subject(payload), expires, sig)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      t?: unknown;
      r?: unknown;
      s?: unknown;
      u?: unknown;
    };
    const type = REPO_TYPES.find((candidate) => candidate === claims.t) as RepoType | undefined;
    if (
      type === undefined ||
      typeof claims.r !== "string" ||
      typeof claims.u !== "string" ||
      (claims.s !== "read" && claims.s !== "write")
    )
      return undefined;
    return { ref: { type, id: claims.r }, scope: claims.s, user: claims.u, expires: Number(expires) };
  } catch {
    return undefined;
  }
}

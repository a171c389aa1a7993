// The LFS batch API, `POST /{repo}.git/info/lfs/objects/batch` (hub-api.md §4.5, §6): Bearer or Basic auth,
// the `basic` transfer (or `xet` for uploads when the client offers it: xet/batch-xet.ts), self-authorising signed hrefs for uploads (the HTTP clients PUT without
// credentials), the hub's multipart layout for large objects when the client offers `multipart`, and download
// actions for git-lfs. Errors use the LFS media type and `message`, with `LFS-Authenticate` on a 401.
// Objects are per repository (lfs/repo-objects.ts): a download href only for an object linked to this repository,
// and an upload skips only objects this repository already has. Whether an object exists in another repository
// changes no answer: it is uploaded (and hash-checked) again, then linked. With HUBKIT_S3_REDIRECT=1 a download href
// of an object the bucket holds whole is a presigned GET of it (s3/redirect.ts), decided by the same checks.
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { readableRepo } from "../api/repo-access.js";
import { baseUrl } from "../api/repo-url.js";
import { boundedBody } from "../api/request-body.js";
import type { HubEnv } from "../auth/principal.js";
import { uploadTarget } from "../community/pull-requests.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { type RepoType, typeFromSegment } from "../repos/repo-ref.js";
import { statForDownload } from "../s3/redirect.js";
import { xetUploadAction } from "../xet/batch-xet.js";
import { chunkFor, PartBudget, partCount } from "./multipart-plan.js";
import { SHA256_HEX } from "./pointer.js";
import { SIGNED_URL_TTL_SECONDS, type UrlSigner } from "./signing.js";
import { transferUrls, userKeyOf } from "./transfer-grant.js";

export const LFS_MEDIA_TYPE = "application/vnd.git-lfs+json";
const MAX_BATCH_OBJECTS = 1000;
const MAX_BATCH_BODY = 1024 * 1024;

interface BatchObject {
  oid: string;
  size: number;
  authenticated?: boolean;
  actions?: Record<string, { href: string; header?: Record<string, string>; expires_in?: number; expires_at?: string }>;
  error?: { code: number; message: string };
}

/** `/{ns}/{name}.git/…`, `/datasets/…`, `/spaces/…` → the repository, or undefined. */
function lfsRepo(c: Context): { type: RepoType; id: string } | undefined {
  const segments = new URL(c.req.url).pathname.split("/").slice(1);
  let type: RepoType = "model";
  const prefixType = typeFromSegment(segments[0] ?? "");
  if (prefixType !== undefined && prefixType !== "model" && segments.length === 7) {
    type = prefixType;
    segments.shift();
  }
  const [ns, nameGit] = segments;
  if (ns === undefined || nameGit === undefined || !nameGit.endsWith(".git")) return undefined;
  try {
    return { type, id: `${decodeURIComponent(ns)}/${decodeURIComponent(nameGit.slice(0, -4))}` };
  } catch {
    return undefined;
  }
}

export function lfsError(c: Context, error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  const headers: Record<string, string> = { ...error.headers, "Content-Type": LFS_MEDIA_TYPE };
  if (error.status === 401) headers["LFS-Authenticate"] = 'Basic realm="Hubkit"';
  return c.body(JSON.stringify({ message: error.message }), error.status, headers);
}

export function registerBatch(app: Hono<HubEnv>, ctx: HubContext, signer: UrlSigner): void {
  const limits = ctx.config.storageLimits;
  const multipartCapable = ctx.lfs.multipart !== undefined;
  const handler = async (c: Context<HubEnv>) => {
    try {
      const target = lfsRepo(c);
      if (target === undefined) throw new ApiError(404, "Repository not found", { code: "RepoNotFound" });
      let request: Record<string, unknown>;
      try {
        request = JSON.parse((await boundedBody(c, MAX_BATCH_BODY)).toString("utf8")) as Record<string, unknown>;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, "The batch request is not valid JSON");
      }
      const operation = request?.operation;
      if (operation !== "upload" && operation !== "download")
        throw new ApiError(422, 'operation must be "upload" or "download"');
      const transfers = Array.isArray(request.transfers) ? request.transfers : ["basic"];
      if (!transfers.includes("basic"))
        throw new ApiError(422, 'This server only offers the "basic" transfer (and "xet" beside it)');
      if (!Array.isArray(request.objects) || request.objects.length > MAX_BATCH_OBJECTS)
        throw new ApiError(422, `objects must be an array of at most ${MAX_BATCH_OBJECTS} entries`);
      const repo =
        operation === "upload"
          ? await uploadTarget(ctx, c, target, request.ref) // pull requests: community/pull-requests.ts
          : await readableRepo(ctx, c, target);
      // Downloading a gated repository's objects needs access to its files (gating/gate.ts).
      if (operation === "download") await assertDownloadAllowed(ctx, c, repo);
      const offersMultipart = transfers.includes("multipart") && multipartCapable;
      const base = baseUrl(c);
      const user = userKeyOf(c.get("principal"));
      // The client offers Xet (JS, Python 0.36–1.19): uploads go through the CAS instead (xet/batch-xet.ts).
      const xetUpload =
        operation === "upload" ? xetUploadAction(c, ctx, repo, transfers, request.ref, user) : undefined;
      const wanted = (request.objects as unknown[]).map((raw) => {
        const item = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
        return {
          oid: typeof item.oid === "string" ? item.oid : "",
          size: typeof item.size === "number" ? item.size : -1,
        };
      });
      // What this repository has: the only objects it may download, and the only ones an upload may skip.
      const linked = await ctx.lfsLinks.linkedSet(
        repo,
        wanted.map((object) => object.oid),
      );
      const budget = new PartBudget(limits.maxPartsPerBatch);
      const objects: BatchObject[] = [];
      for (const { oid, size } of wanted) {
        if (!SHA256_HEX.test(oid) || !Number.isSafeInteger(size) || size < 0) {
          objects.push({ oid, size: Math.max(0, size), error: { code: 422, message: "Invalid object id or size" } });
          continue;
        }
        const link = linked.get(oid);
        // Only a linked object is looked up (a presigned URL is never made for another repository's object); the
        // download lookup also says whether the bucket can serve it straight (s3/redirect.ts).
        const found =
          link === undefined
            ? undefined
            : operation === "download"
              ? await statForDownload(ctx.lfs, oid)
              : await ctx.lfs.stat(oid);
        // A link whose bytes went missing from the store is as good as no link.
        const stored = link !== undefined && found?.size === link.size ? link : undefined;
        if (operation === "download") {
          const presigned = found !== undefined && "presigned" in found ? found.presigned : undefined;
          objects.push(
            stored === undefined
              ? { oid, size, error: { code: 404, message: "Object does not exist" } }
              : {
                  oid,
                  size: stored.size,
                  // The href authorises itself (signed by the hub, or presigned for the store): no credentials to add.
                  authenticated: true,
                  actions: {
                    download:
                      presigned !== undefined
                        ? {
                            href: presigned.url,
                            expires_in: presigned.expiresIn,
                            expires_at: presigned.expiresAt.toISOString(),
                          }
                        : {
                            href: transferUrls(base, signer, { oid, size: stored.size, repo, user }).download(),
                            expires_in: SIGNED_URL_TTL_SECONDS,
                          },
                  },
                },
          );
          continue;
        }
        if (size > limits.maxLfsObjectBytes) {
          objects.push({
            oid,
            size,
            error: { code: 422, message: `Objects larger than ${limits.maxLfsObjectBytes} bytes are refused` },
          });
          continue;
        }
        if (stored !== undefined && stored.size === size) {
          objects.push({ oid, size });
          continue;
        }
        if (xetUpload !== undefined) {
          objects.push({ oid, size, authenticated: true, actions: { upload: xetUpload } });
          continue;
        }
        const urls = transferUrls(base, signer, { oid, size, repo, user });
        const header: Record<string, string> = {};
        if (offersMultipart && size > limits.multipartThresholdBytes) {
          const chunk = chunkFor(size, limits);
          const count = partCount(size, chunk);
          // Past the answer's part budget the object is sent in one PUT: same bytes, no per-part URLs.
          if (budget.take(count)) {
            header.chunk_size = String(chunk);
            for (const [index, url] of urls.parts(chunk, count).entries())
              header[String(index + 1).padStart(5, "0")] = url;
          }
        }
        objects.push({
          oid,
          size,
          authenticated: true,
          actions: {
            upload: {
              href: urls.upload(),
              expires_in: SIGNED_URL_TTL_SECONDS,
              ...(Object.keys(header).length > 0 ? { header } : {}),
            },
            verify: { href: urls.verify(), expires_in: SIGNED_URL_TTL_SECONDS },
          },
        });
      }
      const transfer = xetUpload !== undefined ? "xet" : "basic";
      return c.body(JSON.stringify({ transfer, objects, hash_algo: "sha256" }), 200, {
        "Content-Type": LFS_MEDIA_TYPE,
      });
    } catch (error) {
      return lfsError(c, error);
    }
  };
  for (const prefix of ["", "/datasets", "/spaces"]) {
    app.post(`${prefix}/:ns/:name/info/lfs/objects/batch`, handler);
    app.post(`${prefix}/:ns/:name/info/lfs/locks/verify`, (c) =>
      c.body(JSON.stringify({ message: "Locking is not supported" }), 501, { "Content-Type": LFS_MEDIA_TYPE }),
    );
  }
}

// The S3-compatible object store's settings, from the environment. HUBKIT_S3_ENDPOINT switches large files (LFS
// objects and Xet xorbs) from the data folder to a bucket; unset, the folder stores stay (the embedded default).
//   HUBKIT_S3_ENDPOINT         http(s) origin of the store (e.g. http://rgw.internal:7480, https://s3.amazonaws.com)
//   HUBKIT_S3_BUCKET           the bucket (required with the endpoint; it must exist)
//   HUBKIT_S3_REGION           signing region (default us-east-1; Ceph and MinIO accept any)
//   HUBKIT_S3_FORCE_PATH_STYLE 1: `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>`
//   HUBKIT_S3_PREFIX           key prefix inside the bucket (e.g. `hub1/`), so several hubs can share one bucket
//   HUBKIT_S3_REDIRECT         1: downloads of LFS files answer 302 to a presigned GET URL (clients fetch straight
//                              from the store) instead of passing the bytes through the server
//   HUBKIT_S3_PUBLIC_ENDPOINT  the origin clients reach the store at, for presigned URLs, when it differs from the
//                              one the servers use (an internal address); its host name must differ from the hub's,
//                              or huggingface_hub follows the redirect with its token (hub-api.md §3.3)
//   HUBKIT_S3_CACHE_DIR        a folder on this server's own disk for a read-through cache of whole LFS objects
//                              (s3/object-cache.ts); unset = no cache
//   HUBKIT_S3_CACHE_GB         the cache's bound in GB (10^9 bytes, decimals allowed; default 20)
// Credentials: AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY (+ AWS_SESSION_TOKEN); both unset = the SDK's own chain
// (shared config file, instance or container role).

import { resolve } from "node:path";
import { isBareHttpOrigin } from "../http-origin.js";

/** What a bad combination of variables throws; config.ts turns it into its ConfigError. */
export class S3ConfigError extends Error {
  override readonly name = "S3ConfigError";
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface S3CacheConfig {
  /** Absolute path of the cache folder (one server's). */
  dir: string;
  /** Bytes the cache may hold. */
  maxBytes: number;
}

export interface S3Config {
  /** Origin the servers talk to, without a trailing slash. */
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** "" or a prefix ending in "/" (added when missing): every key the hub writes starts with it. */
  prefix: string;
  /** Answer resolve downloads with a presigned redirect. */
  redirect: boolean;
  /** Origin used in presigned URLs (defaults to `endpoint`). */
  publicEndpoint?: string;
  /** Undefined = the SDK's default credential chain. */
  credentials?: S3Credentials;
  /** The local read-through cache of LFS objects (HUBKIT_S3_CACHE_DIR); undefined = none. */
  cache?: S3CacheConfig;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const text = env[name]?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return false;
  if (text === "1" || text === "true") return true;
  throw new S3ConfigError(`${name} must be 1 or 0, got ${text.slice(0, 40)}`);
}

function origin(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new S3ConfigError(`${name} must be a URL such as http://127.0.0.1:7480, got ${text.slice(0, 200)}`);
  }
  if (!isBareHttpOrigin(url))
    throw new S3ConfigError(
      `${name} must be an http(s) origin without credentials or a path (the bucket is HUBKIT_S3_BUCKET), got ${text.slice(0, 200)}`,
    );
  return url.origin;
}

/** S3's bucket names (3–63 of a-z 0-9 . -), plus the upper case and `_` older gateways (Ceph, MinIO) still allow. */
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
/** Printable ASCII without the characters that need escaping in URLs or mean something to S3 tools. */
const PREFIX = /^[A-Za-z0-9._\-/]{0,200}$/;

function prefixFromEnv(env: NodeJS.ProcessEnv): string {
  const text = env.HUBKIT_S3_PREFIX?.trim() ?? "";
  if (text === "") return "";
  if (!PREFIX.test(text) || text.startsWith("/") || text.split("/").some((part) => part === "." || part === ".."))
    throw new S3ConfigError(
      `HUBKIT_S3_PREFIX must be up to 200 of A-Z a-z 0-9 . _ - /, not starting with / and without . or .. segments, got ${text.slice(0, 200)}`,
    );
  return text.endsWith("/") ? text : `${text}/`;
}

function credentialsFromEnv(env: NodeJS.ProcessEnv): S3Credentials | undefined {
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim() ?? "";
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim() ?? "";
  const sessionToken = env.AWS_SESSION_TOKEN?.trim() ?? "";
  if (accessKeyId === "" && secretAccessKey === "") {
    if (sessionToken !== "")
      throw new S3ConfigError("AWS_SESSION_TOKEN is set without AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
    return undefined;
  }
  if (accessKeyId === "" || secretAccessKey === "")
    throw new S3ConfigError("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together");
  return { accessKeyId, secretAccessKey, ...(sessionToken !== "" ? { sessionToken } : {}) };
}

const DEFAULT_CACHE_GB = 20;
/** A bound of 1 PB is more disk than any server has: past it the number is a typo. */
const MAX_CACHE_GB = 1_000_000;

function cacheFromEnv(env: NodeJS.ProcessEnv): S3CacheConfig | undefined {
  const dir = env.HUBKIT_S3_CACHE_DIR?.trim() ?? "";
  const gbText = env.HUBKIT_S3_CACHE_GB?.trim() ?? "";
  if (dir === "") {
    if (gbText !== "")
      throw new S3ConfigError("HUBKIT_S3_CACHE_GB is set but HUBKIT_S3_CACHE_DIR is not (it enables the cache)");
    return undefined;
  }
  const gb = gbText === "" ? DEFAULT_CACHE_GB : /^\d{1,7}(\.\d{1,12})?$/.test(gbText) ? Number(gbText) : Number.NaN;
  const maxBytes = Math.floor(gb * 1e9);
  if (!(gb <= MAX_CACHE_GB) || !(maxBytes >= 1))
    throw new S3ConfigError(
      `HUBKIT_S3_CACHE_GB must be a number of GB above 0 and at most ${MAX_CACHE_GB} (decimals allowed, e.g. 20 or 0.5), got ${gbText.slice(0, 40)}`,
    );
  return { dir: resolve(dir), maxBytes };
}

/** The object store's settings, or undefined when HUBKIT_S3_ENDPOINT is unset (the folder stores). */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  const endpointText = env.HUBKIT_S3_ENDPOINT?.trim() ?? "";
  if (endpointText === "") {
    // The other variables mean nothing without an endpoint: say so instead of quietly keeping files on disk.
    for (const name of [
      "HUBKIT_S3_BUCKET",
      "HUBKIT_S3_PREFIX",
      "HUBKIT_S3_REDIRECT",
      "HUBKIT_S3_PUBLIC_ENDPOINT",
      "HUBKIT_S3_CACHE_DIR",
      "HUBKIT_S3_CACHE_GB",
    ])
      if ((env[name]?.trim() ?? "") !== "")
        throw new S3ConfigError(`${name} is set but HUBKIT_S3_ENDPOINT is not (it enables the object store)`);
    return undefined;
  }
  const endpoint = origin("HUBKIT_S3_ENDPOINT", endpointText);
  const bucket = env.HUBKIT_S3_BUCKET?.trim() ?? "";
  if (bucket === "") throw new S3ConfigError("HUBKIT_S3_BUCKET is required with HUBKIT_S3_ENDPOINT");
  if (!BUCKET.test(bucket) || bucket.includes(".."))
    throw new S3ConfigError(`HUBKIT_S3_BUCKET is not a valid bucket name: ${bucket.slice(0, 100)}`);
  const region = env.HUBKIT_S3_REGION?.trim() || "us-east-1";
  if (!/^[a-z0-9-]{1,40}$/.test(region))
    throw new S3ConfigError(`HUBKIT_S3_REGION must look like us-east-1, got ${region.slice(0, 60)}`);
  const publicText = env.HUBKIT_S3_PUBLIC_ENDPOINT?.trim() ?? "";
  const credentials = credentialsFromEnv(env);
  const cache = cacheFromEnv(env);
  return {
    endpoint,
    bucket,
    region,
    forcePathStyle: flag(env, "HUBKIT_S3_FORCE_PATH_STYLE"),
    prefix: prefixFromEnv(env),
    redirect: flag(env, "HUBKIT_S3_REDIRECT"),
    ...(publicText !== "" ? { publicEndpoint: origin("HUBKIT_S3_PUBLIC_ENDPOINT", publicText) } : {}),
    ...(credentials !== undefined ? { credentials } : {}),
    ...(cache !== undefined ? { cache } : {}),
  };
}

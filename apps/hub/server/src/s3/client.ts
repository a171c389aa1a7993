// The one place an S3 client is made from the hub's settings (s3/config.ts), so the LFS store, the Xet xorb store,
// the health check and the presigner all talk to the store the same way:
// - checksums only when an operation requires them: the SDK's default (a CRC32 trailer on every upload, checked on
//   every download) breaks streamed uploads against Ceph 16's gateway, and the hub checks sha256 itself;
// - bounded waits: a connection that does not open in CONNECT_TIMEOUT_MS, a request (its body sent, the answer's
//   head back) that takes longer than REQUEST_TIMEOUT_MS, or a socket silent for SOCKET_IDLE_TIMEOUT_MS (also
//   while a download's body streams) fails the request instead of hanging it: an unreachable store becomes a 503;
// - bounded retries: MAX_ATTEMPTS tries with the SDK's standard jittered backoff, then the error goes to the caller;
// - kept-alive connections, at most MAX_SOCKETS at once per client.
import { S3Client } from "@aws-sdk/client-s3";
import type { S3Config } from "./config.js";

export const CONNECT_TIMEOUT_MS = 5_000;
/** Until the answer's head: long enough to send one 16 MiB part at ~150 KB/s. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** No byte sent or received for this long on a request's socket: it has failed. */
export const SOCKET_IDLE_TIMEOUT_MS = 60_000;
export const MAX_ATTEMPTS = 3;
// Each download through the server (the LFS read, the Xet bridge) holds one streamed GET for its whole length.
const MAX_SOCKETS = 256;

export interface S3ClientOptions {
  /** Another origin than `config.endpoint` (presigned URLs use the one clients reach). */
  endpoint?: string;
  /** Tries per request (default MAX_ATTEMPTS); the health check uses 1 so that it answers quickly. */
  maxAttempts?: number;
}

export function makeS3Client(config: S3Config, options: S3ClientOptions = {}): S3Client {
  const endpoint = options.endpoint ?? config.endpoint;
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials !== undefined ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
    retryMode: "standard",
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
  if (endpoint.startsWith("https:"))
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = args.request as { headers?: Record<string, string> } | undefined;
        if (UNSIGNED_BODIES.has(context.commandName ?? "") && request?.headers !== undefined)
          request.headers["x-amz-content-sha256"] = "UNSIGNED-PAYLOAD";
        return next(args);
      },
      { step: "build", name: "hubkitUnsignedPayload" },
    );
  return client;
}

/**
 * Uploads whose body is not hashed into the signature over https: SigV4 would otherwise sha256 every byte of a part
 * on the event loop (the SDK does it for in-memory bodies; ~20 % of an upload's CPU here), a second hash beside the
 * hub's own check of the whole object, for an integrity TLS already gives. Over plain http the signature is what
 * protects the bytes on the wire, so there they stay signed.
 */
const UNSIGNED_BODIES = new Set(["UploadPartCommand", "PutObjectCommand"]);

/** The object key for `key` under the configured prefix. */
export function prefixedKey(config: S3Config, key: string): string {
  return `${config.prefix}${key}`;
}

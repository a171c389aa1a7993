// Serves the built web app (apps/hub/web/dist): files by path, index.html for every other non-API route (the
// SPA's client-side routes; 404 for a path that is no page, site-pages/page-status.ts), and a small page saying how to build it when the folder does not exist yet.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { preferredCoding } from "./serving/accept-encoding.js";
import { addVary, compressBytes, MIN_COMPRESSED_BYTES } from "./serving/compression.js";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  // The task pages' demo media.
  ".wav": "audio/wav",
  ".flac": "audio/flac",
  ".mp3": "audio/mpeg",
  ".mp4": "video/mp4",
};

export const NO_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hubkit</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>Hubkit</h1>
<p>The web app has not been built yet (no <code>apps/hub/web/dist</code>). The API is up:</p>
<ul>
<li><a href="/api/health">/api/health</a></li>
<li><a href="/api/models?limit=20">/api/models</a> — search, filter, sort, paginate</li>
<li><a href="/api/models/meta-llama/Llama-3.1-8B-Instruct?expand[]=inferenceProviderMapping">/api/models/{id}</a></li>
<li><a href="/api/tasks">/api/tasks</a></li>
<li><a href="/api/libraries">/api/libraries</a></li>
</ul>
</body></html>
`;

/** Inline `<script>` blocks (no `src`) of a page: the CSP allows exactly these by hash. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The site's pages run only the build's own scripts: `script-src 'self'` plus the hash of each inline script of
 * the page (index.html's theme snippet), no eval. Cards and dataset rows show images and media from anywhere
 * (https), the playground calls inference endpoints the visitor names (https, or http for a local one), and the
 * space page frames the hub's own sandboxed app path. Nothing may frame the site but itself.
 */
export function pageSecurityHeaders(html: string): Record<string, string> {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `'sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}'`,
  );
  const policy = [
    "default-src 'self'",
    `script-src 'self'${hashes.length > 0 ? ` ${hashes.join(" ")}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https: http:",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
  return { "content-security-policy": policy, "x-frame-options": "SAMEORIGIN" };
}

/** Types worth compressing (text); images, fonts, audio and video are compressed already. */
function compressible(type: string): boolean {
  return /^(?:text\/|application\/(?:json|javascript|wasm)|image\/svg\+xml)/.test(type);
}

interface Encoded {
  body: Uint8Array;
  coding?: "br" | "gzip";
}

function page(html: string | Buffer, status = 200, encoded?: Encoded): Response {
  const text = typeof html === "string" ? html : html.toString("utf8");
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-cache",
    ...pageSecurityHeaders(text),
  });
  if (encoded === undefined) return new Response(text, { status, headers });
  addVary(headers, "Accept-Encoding");
  if (encoded.coding !== undefined) headers.set("content-encoding", encoded.coding);
  return new Response(encoded.body, { status, headers });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Build by-products that are not part of the site: source maps (they hand out the sources) and dot-folders such
 * as Vite's `.vite/manifest.json` (the build's internals). The build keeps them for tooling; they are never served.
 */
function isPrivate(relativePath: string): boolean {
  const segments = relativePath.split(sep).filter((segment) => segment !== "");
  return segments.some((segment) => segment.startsWith(".")) || relativePath.toLowerCase().endsWith(".map");
}

/** Bound of the compressed copies kept for files the build did not precompress (a build without its plugin). */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

export class WebAssets {
  private readonly root: string;
  /** `coding:path:mtime:size` → compressed bytes: each file is compressed once, never per request. */
  private readonly compressed = new Map<string, Buffer>();
  private cachedBytes = 0;

  constructor(distDir: string) {
    this.root = resolve(distDir);
  }

  /**
   * The bytes to send for `path` (its contents `bytes`) to a client accepting `acceptEncoding`: the build's
   * precompressed `.br`/`.gz` sibling (web/build-outputs.ts) when it is at least as new as the file, else a copy
   * compressed on first use and kept; the plain bytes for a client that takes neither or a file too small.
   */
  private async encoded(path: string, bytes: Buffer, acceptEncoding: string | undefined): Promise<Encoded> {
    const coding = preferredCoding(acceptEncoding);
    if (coding === undefined || bytes.length < MIN_COMPRESSED_BYTES) return { body: bytes };
    const original = await stat(path);
    const sibling = `${path}.${coding === "br" ? "br" : "gz"}`;
    try {
      const found = await stat(sibling);
      if (found.isFile() && found.mtimeMs >= original.mtimeMs) return { body: await readFile(sibling), coding };
    } catch {
      // No precompressed copy: compress once below.
    }
    const key = `${coding}:${path}:${original.mtimeMs}:${original.size}`;
    let body = this.compressed.get(key);
    if (body === undefined) {
      body = await compressBytes(bytes, coding);
      if (body.length <= MAX_CACHED_BYTES) {
        this.compressed.set(key, body);
        this.cachedBytes += body.length;
        // Oldest first (a Map keeps insertion order) until the copies fit again.
        for (const [oldKey, oldBody] of this.compressed) {
          if (this.cachedBytes <= MAX_CACHED_BYTES) break;
          this.compressed.delete(oldKey);
          this.cachedBytes -= oldBody.length;
        }
      }
    }
    return body.length < bytes.length ? { body, coding } : { body: bytes };
  }

  /**
   * A response for GET `pathname` (already URL-decoded by the caller or not: it is decoded here). A path that is no
   * file gets index.html with the status `pageStatus` gives (asked only then: 404 for what is no page of the site).
   */
  async respond(
    pathname: string,
    acceptEncoding?: string,
    pageStatus: () => Promise<number> = async () => 200,
  ): Promise<Response> {
    const index = resolve(this.root, "index.html");
    if (!(await isFile(index))) return page(NO_BUILD_PAGE);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return new Response("Bad request", { status: 400 });
    }
    // Resolve inside the dist folder only: `..` and absolute tricks land outside the root and are refused.
    const target = resolve(this.root, `.${decoded.startsWith("/") ? decoded : `/${decoded}`}`);
    const inside = target === this.root || target.startsWith(this.root + sep);
    if (inside && isPrivate(target.slice(this.root.length))) return new Response("Not found", { status: 404 });
    if (inside && !decoded.includes("\0") && (await isFile(target))) {
      const type = CONTENT_TYPES[extname(target).toLowerCase()] ?? "application/octet-stream";
      const bytes = await readFile(target);
      if (type.startsWith("text/html")) return page(bytes, 200, await this.encoded(target, bytes, acceptEncoding));
      const immutable = decoded.startsWith("/assets/");
      const headers = new Headers({
        "content-type": type,
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
      if (!compressible(type)) return new Response(bytes, { headers });
      const { body, coding } = await this.encoded(target, bytes, acceptEncoding);
      addVary(headers, "Accept-Encoding");
      if (coding !== undefined) headers.set("content-encoding", coding);
      return new Response(body, { headers });
    }
    // A missing asset (a known file extension) is a 404; anything else is a client-side route, including model
    // pages whose ids contain dots (`/models/Qwen/Qwen2.5-7B-Instruct`).
    // A repository's file page (`/{id}/blob/main/logo.png`) is a route too: only a top-level name or a path under
    // one of the build's folders (`/assets/…`) is an asset.
    const extension = extname(decoded).toLowerCase();
    const folder = decoded.split("/").filter(Boolean);
    const assetPath = folder.length <= 1 || (await isDirectory(resolve(this.root, folder[0] ?? "")));
    if (assetPath && extension !== ".html" && Object.hasOwn(CONTENT_TYPES, extension))
      return new Response("Not found", { status: 404 });
    const status = await pageStatus();
    const html = await readFile(index);
    return page(html, status, await this.encoded(index, html, acceptEncoding));
  }
}

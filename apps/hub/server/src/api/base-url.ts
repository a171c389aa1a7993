// The base URL (scheme, host and port) put into JSON bodies and headers (`url`, `commitUrl`, `Link`, LFS hrefs),
// and whether the client is on https (the session cookie). hub-api.md §0 wants the client's own endpoint there
// (Python 2.0 refuses a repo url on another host), but the Host header is whatever the client wrote:
//   1. HUBKIT_PUBLIC_URL set → always that (the hub behind a reverse proxy, whatever Host the proxy forwards).
//   2. Else HUBKIT_TRUST_PROXY=1 → X-Forwarded-Proto / X-Forwarded-Host (else Host), syntax-checked: a proxy in
//      front sets them. Without it those headers are the client's and are ignored.
//   3. Else the Host header only when it names this server: the address the connection arrived on (the listening
//      address; for 0.0.0.0 the interface the client reached), the machine's own host name, or, on a loopback
//      connection, `localhost` / `127.0.0.1` / `[::1]` — with the listening port. Anything else → that arrival
//      address.
// The answer is computed once per request by app.ts's middleware (rememberBaseUrl) and read with requestBaseUrl.
import type { IncomingMessage } from "node:http";
import { hostname } from "node:os";
import type { Context } from "hono";

export interface PublicUrlPolicy {
  /** HUBKIT_PUBLIC_URL as an origin (`https://hub.example.org`, no trailing slash). */
  publicUrl?: string;
  /** HUBKIT_TRUST_PROXY=1: X-Forwarded-Proto/-Host are the reverse proxy's, not the client's. */
  trustProxy: boolean;
}

export const DEFAULT_URL_POLICY: PublicUrlPolicy = { trustProxy: false };

/** A host header's syntax: a DNS name, IPv4, or bracketed IPv6, with an optional port. */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** The machine's own name (what `http://<machine>:5300` sends as Host). */
const MACHINE_NAME = hostname().toLowerCase();

interface Endpoint {
  /** Lower-case host name (IPv6 bracketed). */
  name: string;
  port: number;
}

/** `name[:port]` → its parts (the scheme's default port when none is given); undefined when malformed. */
function parseHost(text: string | undefined, scheme: string): Endpoint | undefined {
  if (text === undefined || text.length > 300 || !HOST.test(text)) return undefined;
  const colon = text.lastIndexOf(":");
  const hasPort = colon > text.lastIndexOf("]") && colon >= 0;
  const name = (hasPort ? text.slice(0, colon) : text).toLowerCase().replace(/\.$/, "");
  const port = hasPort ? Number(text.slice(colon + 1)) : scheme === "https" ? 443 : 80;
  if (port < 1 || port > 65535) return undefined;
  return { name, port };
}

function format(scheme: string, { name, port }: Endpoint): string {
  const defaultPort = scheme === "https" ? 443 : 80;
  return `${scheme}://${name}${port === defaultPort ? "" : `:${port}`}`;
}

/** The first value of a (possibly comma-joined) forwarded header. */
function first(value: string | undefined): string | undefined {
  const head = value?.split(",")[0]?.trim();
  return head === undefined || head === "" ? undefined : head;
}

/** The address and port this connection arrived on, and the connection's own scheme. */
function connection(c: Context): { local: Endpoint | undefined; loopback: boolean; scheme: string } {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket as (IncomingMessage["socket"] & { encrypted?: boolean }) | undefined;
  const scheme = socket?.encrypted === true ? "https" : "http";
  const address = socket?.localAddress;
  const port = socket?.localPort;
  if (address === undefined || port === undefined) return { local: undefined, loopback: false, scheme };
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  const name = plain.includes(":") ? `[${plain.toLowerCase()}]` : plain;
  const loopback = name === "[::1]" || /^127\./.test(name);
  return { local: { name, port }, loopback, scheme };
}

/** The base URL of this request under `policy` (see the header comment). */
export function computeBaseUrl(c: Context, policy: PublicUrlPolicy): string {
  const conn = connection(c);
  const forwardedProto = policy.trustProxy ? first(c.req.header("x-forwarded-proto"))?.toLowerCase() : undefined;
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : conn.scheme;
  const hostText = (policy.trustProxy ? first(c.req.header("x-forwarded-host")) : undefined) ?? c.req.header("host");
  const asked = parseHost(hostText, scheme);
  if (policy.publicUrl !== undefined) return policy.publicUrl;
  if (policy.trustProxy && asked !== undefined) return format(scheme, asked);
  const local = conn.local;
  if (local === undefined) {
    // No socket (an in-process app.request() in tests): the request URL is all there is.
    return new URL(c.req.url).origin;
  }
  const own =
    asked !== undefined &&
    asked.port === local.port &&
    (asked.name === local.name || asked.name === MACHINE_NAME || (conn.loopback && LOOPBACK_NAMES.has(asked.name)));
  return format(conn.scheme, own ? asked : local);
}

const remembered = new WeakMap<Request, string>();

/** Stores the request's base URL (app.ts, once per request, before any route runs). */
export function rememberBaseUrl(c: Context, policy: PublicUrlPolicy): string {
  const base = computeBaseUrl(c, policy);
  remembered.set(c.req.raw, base);
  return base;
}

/** The request's base URL, for absolute URLs in bodies and headers. */
export function requestBaseUrl(c: Context): string {
  return remembered.get(c.req.raw) ?? computeBaseUrl(c, DEFAULT_URL_POLICY);
}

/** Whether the client reached us over HTTPS, as far as we may believe (the session cookie's prefix and Secure). */
export function isHttpsRequest(c: Context): boolean {
  return requestBaseUrl(c).startsWith("https:");
}

// The base URL clients reached us at (scheme, host and port), for URLs returned in JSON bodies and Link headers:
// hub-api.md §0 requires them to match the client's own endpoint.
const HOST = /^[A-Za-z0-9.\-[\]:]{1,300}$/;

export function publicBaseUrl(requestUrl: string, hostHeader: string | undefined, forwardedProto?: string): string {
  const url = new URL(requestUrl);
  const host = hostHeader !== undefined && HOST.test(hostHeader) ? hostHeader : url.host;
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : url.protocol.slice(0, -1);
  return `${proto}://${host}`;
}

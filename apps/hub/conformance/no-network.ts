// Setup file of the conformance workers: the specs that read the hosted hub's own repositories call
// huggingface.co (their default hub) or fetch other hosts directly. CI has no network, and a run on a machine
// that has one must give the same outcome, so any fetch that leaves the loopback fails at once with a message
// naming the host (the expectations file files these under hosted-only-fixture or network).
import { REFUSED_PREFIX } from "./no-network-message.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

const realFetch = globalThis.fetch;

function requestUrl(input: Parameters<typeof fetch>[0]): URL | undefined {
  try {
    if (typeof input === "string") return new URL(input);
    if (input instanceof URL) return input;
    return new URL(input.url);
  } catch {
    return undefined; // a relative URL: let fetch itself refuse it
  }
}

globalThis.fetch = (input, init) => {
  const url = requestUrl(input);
  if (url !== undefined && !LOOPBACK.has(url.hostname))
    return Promise.reject(new TypeError(`${REFUSED_PREFIX} ${url.host}`));
  return realFetch(input, init);
};

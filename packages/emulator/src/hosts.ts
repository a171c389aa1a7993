// The real hosts the emulator stands in for, as data. Platform-neutral (used by the browser page too).

export const HUB_HOST = "huggingface.co";
export const ROUTER_HOST = "router.huggingface.co";

/** Base URL of each provider's own API (hf-inference has none: it lives behind the router). */
export const PROVIDER_BASE_URLS: Readonly<Record<string, string>> = {
  "black-forest-labs": "https://api.us1.bfl.ai",
  cerebras: "https://api.cerebras.ai",
  cohere: "https://api.cohere.com",
  "fal-ai": "https://fal.run",
  "fireworks-ai": "https://api.fireworks.ai",
  "hf-inference": "https://router.huggingface.co/hf-inference",
  hyperbolic: "https://api.hyperbolic.xyz",
  nebius: "https://api.studio.nebius.ai",
  novita: "https://api.novita.ai",
  openai: "https://api.openai.com",
  replicate: "https://api.replicate.com",
  sambanova: "https://api.sambanova.ai",
  together: "https://api.together.xyz",
};

/** fal-ai's queue API has a host of its own besides `fal.run`. */
export const FAL_QUEUE_HOST = "queue.fal.run";

/** Direct provider hosts → provider id, derived from PROVIDER_BASE_URLS (plus fal-ai's queue host). */
export const PROVIDER_HOSTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PROVIDER_BASE_URLS).flatMap(([provider, url]) => {
    if (provider === "hf-inference") return [];
    const host = new URL(url).host;
    return provider === "fal-ai"
      ? [
          [host, provider],
          [FAL_QUEUE_HOST, provider],
        ]
      : [[host, provider]];
  }),
);

export const EMULATED_HOSTS: readonly string[] = [HUB_HOST, ROUTER_HOST, ...Object.keys(PROVIDER_HOSTS)];

/** Path prefix under which the emulator serves a logical host: `/_host/<host>/<path>`. */
export const HOST_PREFIX = "/_host/";

/**
 * Rewrites `https://<emulated host>/<path>` to `<emulatorUrl>/_host/<host>/<path>`; other URLs are returned
 * unchanged (so the emulator's own asset URLs pass through).
 */
export function rewriteToEmulator(url: string, emulatorUrl: string): string {
  const match = /^https?:\/\/([^/?#]+)(.*)$/.exec(url);
  if (!match) return url;
  const [, host, rest] = match;
  if (!EMULATED_HOSTS.includes(host)) return url;
  const path = rest.startsWith("/") ? rest : `/${rest}`;
  return `${emulatorUrl}${HOST_PREFIX}${host}${path}`;
}

/**
 * A fetch that sends requests for the real hosts to the emulator, and refuses any other remote host (tests
 * must never reach the internet). Works in Node and in browsers.
 */
export function createEmulatorFetch(emulatorUrl: string, inner: typeof fetch = (...a) => globalThis.fetch(...a)) {
  const origin = new URL(emulatorUrl).origin;
  const emulatorFetch = (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const target = rewriteToEmulator(raw, origin);
    if (new URL(target).origin !== origin) {
      return Promise.reject(new TypeError(`emulator fetch: refusing to reach ${raw} (not an emulated host)`));
    }
    if (typeof input === "string" || input instanceof URL) return inner(target, init);
    return inner(new Request(target, input), init);
  };
  return emulatorFetch as typeof fetch;
}

// The real hosts the emulator stands in for, as data. Platform-neutral (used by the browser page too).

export const HUB_HOST = "huggingface.co";
export const ROUTER_HOST = "router.huggingface.co";

/** Direct provider hosts → provider id. */
export const PROVIDER_HOSTS: Readonly<Record<string, string>> = {
  "api.us1.bfl.ai": "black-forest-labs",
  "api.cerebras.ai": "cerebras",
  "api.cohere.com": "cohere",
  "fal.run": "fal-ai",
  "queue.fal.run": "fal-ai",
  "api.fireworks.ai": "fireworks-ai",
  "api.hyperbolic.xyz": "hyperbolic",
  "api.studio.nebius.ai": "nebius",
  "api.novita.ai": "novita",
  "api.openai.com": "openai",
  "api.replicate.com": "replicate",
  "api.sambanova.ai": "sambanova",
  "api.together.xyz": "together",
};

/** Direct host of each provider (fal-ai's queue host is separate). */
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

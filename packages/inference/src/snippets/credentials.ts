// Token placeholders (inference.md §10.9): a token passed in is shown verbatim and selects routing like a real
// call; without one, snippets read it from an environment variable and the request is built with a sentinel.
import type { InferenceProvider } from "../types.js";

/** Replaced by the environment-variable expression of each language; never shown. */
const SENTINEL = "HUBKIT_SNIPPET_TOKEN_PLACEHOLDER";

export interface SnippetCredentials {
  /** Token given to the request builder (the real token, or a sentinel that selects the right routing). */
  buildToken: string;
  /** The token shown in snippets, or undefined when it comes from `envVar`. */
  token: string | undefined;
  /** Environment variable read by the snippets when no token was given. */
  envVar: string | undefined;
}

/** `<PROVIDER>_API_KEY`: provider id upper-cased, every `-` replaced by `_`. */
export function providerKeyEnvVar(provider: string): string {
  return `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;
}

export function snippetCredentials(
  accessToken: string | undefined,
  provider: InferenceProvider,
  directRequest: boolean,
  clientSideRoutingOnly: boolean,
): SnippetCredentials {
  if (accessToken) return { buildToken: accessToken, token: accessToken, envVar: undefined };
  // hf-inference is Hugging Face's own service: its key is the HF token, direct or not.
  if (provider === "hf-inference") return { buildToken: `hf_${SENTINEL}`, token: undefined, envVar: "HF_TOKEN" };
  // A client-side-routing provider (openai) never goes through the router: its own key, always.
  if (directRequest || clientSideRoutingOnly) {
    return { buildToken: SENTINEL, token: undefined, envVar: providerKeyEnvVar(provider) };
  }
  return { buildToken: `hf_${SENTINEL}`, token: undefined, envVar: "HF_TOKEN" };
}

/** Splits an Authorization header built with `buildToken` into its scheme (`Bearer`, `Key`, `X-Key`). */
export function authScheme(header: string | undefined, buildToken: string): string {
  if (!header?.endsWith(` ${buildToken}`)) return "Bearer";
  return header.slice(0, header.length - buildToken.length - 1);
}

// The environment variables through which the global setup (in Vitest's main process) hands the local hub's
// address and test account to the spec workers, which inherit its environment.
export const CONFORMANCE_ENV = {
  hubUrl: "HUBKIT_CONFORMANCE_HUB_URL",
  user: "HUBKIT_CONFORMANCE_USER",
  token: "HUBKIT_CONFORMANCE_TOKEN",
  cookie: "HUBKIT_CONFORMANCE_COOKIE",
} as const;

/** The specs' test user `hub.js`, mapped to a name Hubkit accepts (the hub's published rules allow no dot). */
export const CONFORMANCE_USER = "hub-js";
/** The display name of the specs' token on the CI hub (whoAmI compares it). */
export const CONFORMANCE_TOKEN_NAME = "ci-hub.js";
/** The full name of the specs' CI account (whoAmI compares it). */
export const CONFORMANCE_FULLNAME = "@huggingface/hub CI bot";

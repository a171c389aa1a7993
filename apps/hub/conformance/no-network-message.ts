// The start of the error message of a fetch the conformance run refused (no-network.ts), which the reporter
// recognises when it classifies a new failure.
export const REFUSED_PREFIX = "conformance run: no network, refused fetch to";

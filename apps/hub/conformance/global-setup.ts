// Vitest global setup of the conformance run: a fresh Hubkit as a child process (the `npm start` command, on a
// random 127.0.0.1 port, in a temporary data folder, with an empty seed), then through the admin API the account
// the specs expect (`hub-js`, their `hub.js`) and its write token. The worker processes inherit the environment
// set here, which consts.ts reads. Everything else the specs need they create themselves (repositories,
// collections, branches, under TEST_USER); the fixtures they read from huggingface.co exist only there.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHub } from "../bench/transfer-hub.js";
import { CONFORMANCE_ENV, CONFORMANCE_FULLNAME, CONFORMANCE_TOKEN_NAME, CONFORMANCE_USER } from "./environment.js";

const REQUEST_TIMEOUT_MS = 30_000;

async function adminPost(url: string, adminToken: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export default async function setup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), "hubkit-conformance-"));
  const adminToken = `conformance-admin-${randomBytes(24).toString("hex")}`;
  const hub = await startHub(join(work, "data"), adminToken);
  try {
    await adminPost(`${hub.url}/api/admin/users`, adminToken, {
      name: CONFORMANCE_USER,
      fullname: CONFORMANCE_FULLNAME,
    });
    const issued = await adminPost(`${hub.url}/api/admin/tokens`, adminToken, {
      user: CONFORMANCE_USER,
      role: "write",
      name: CONFORMANCE_TOKEN_NAME,
    });
    if (typeof issued.token !== "string") throw new Error("the admin API gave no token");
    process.env[CONFORMANCE_ENV.hubUrl] = hub.url;
    process.env[CONFORMANCE_ENV.user] = CONFORMANCE_USER;
    process.env[CONFORMANCE_ENV.token] = issued.token;
    process.env[CONFORMANCE_ENV.cookie] = "hubkit-conformance-no-session";
  } catch (error) {
    await hub.stop();
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await hub.stop();
    rmSync(work, { recursive: true, force: true });
  };
}

// Vitest global setup of the conformance run: a fresh Hubkit as a child process (the `npm start` command, on a
// random 127.0.0.1 port, in a temporary data folder, with an empty seed), then through the admin API the account
// the specs expect (`hub-js`, their `hub.js`) and its write token. The worker processes inherit the environment
// set here, which consts.ts reads. Everything else the specs need they create themselves (repositories,
// collections, branches, under TEST_USER); the fixtures they read from huggingface.co exist only there.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postJson, startHub } from "../bench/transfer-hub.js";
import { CONFORMANCE_ENV, CONFORMANCE_FULLNAME, CONFORMANCE_TOKEN_NAME, CONFORMANCE_USER } from "./environment.js";

export default async function setup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), "hubkit-conformance-"));
  const adminToken = `conformance-admin-${randomBytes(24).toString("hex")}`;
  const hub = await startHub(join(work, "data"), adminToken);
  try {
    await postJson(`${hub.url}/api/admin/users`, adminToken, {
      name: CONFORMANCE_USER,
      fullname: CONFORMANCE_FULLNAME,
    });
    const issued = await postJson(`${hub.url}/api/admin/tokens`, adminToken, {
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

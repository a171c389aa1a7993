// Transfer benchmarks (issue 11): the REAL Hubkit server, started as a child process with `npm start`'s command
// (so its pid is the process whose memory is measured), on a random loopback port, in a temporary data folder,
// with an empty seed (the benchmark needs one repository, not the catalogue). Then, through the admin API, a user
// with a write token and a model repository to upload into.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { printedUrl } from "../server/test/printed-url.js";

const HUB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const START_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 30_000;

const nodeFlags = () => (process.env.BENCH_SERVER_NODE_FLAGS ?? "").split(" ").filter((flag) => flag !== "");

export interface RunningHub {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startHub(dataDir: string, adminToken: string): Promise<RunningHub> {
  const emptySeed = join(dataDir, "..", "empty-seed.jsonl");
  writeFileSync(emptySeed, "");
  // BENCH_SERVER_NODE_FLAGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server while it runs.
  const args = [...nodeFlags(), "--conditions=hubkit-source", "--import", "tsx", "server/src/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: HUB_DIR,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      HUBKIT_DATA_DIR: dataDir,
      HUBKIT_ADMIN_TOKEN: adminToken,
      HUBKIT_SEED: emptySeed,
      DATABASE_URL: "",
      HUBKIT_UPSTREAM_HUB: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await printedUrl(child, START_TIMEOUT_MS);
    if (child.pid === undefined) throw new Error("the server has no pid");
    return { url, pid: child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** POSTs `body` as JSON with a bearer `token`; the parsed answer, or an error naming the status and the body. */
export async function postJson(url: string, token: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Creates `user`, a write token for it and the public model `user/repo`; returns the token. */
export async function prepareRepo(hub: RunningHub, adminToken: string, user: string, repo: string): Promise<string> {
  await postJson(`${hub.url}/api/admin/users`, adminToken, { name: user });
  const { token } = await postJson(`${hub.url}/api/admin/tokens`, adminToken, { user, role: "write", name: "bench" });
  if (typeof token !== "string") throw new Error("the admin API gave no token");
  await postJson(`${hub.url}/api/repos/create`, token, { name: repo, type: "model", private: false });
  return token;
}

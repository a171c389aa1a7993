// A real local hub for the storage, LFS, git and upload tests: startServer on 127.0.0.1 (random port) with its data
// folder in a temporary directory (so tests can inspect the repositories and restart on the same data), an admin
// token, optional environment overrides (limits), a user with write and read tokens, and a runner for the official
// Python clients and git.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config.js";
import type { HubContext } from "../src/hub-context.js";
import { startServer } from "../src/server.js";
import { ADMIN_TOKEN, pythonFor } from "./auth-harness.js";
import { writeJsonl } from "./files.js";
import { hfClientEnv, type RunResult, run } from "./run-command.js";

export interface TestHub {
  url: string;
  ctx: HubContext;
  work: string;
  dataDir: string;
  writeToken: string;
  readToken: string;
  admin(path: string, body: unknown, method?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function hubEnv(work: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const seed = writeJsonl(join(work, "seed.jsonl"), [{ id: "seed-org/seed-model", pipeline_tag: "fill-mask" }]);
  return {
    PORT: "0",
    HUBKIT_DATA_DIR: join(work, "data"),
    HUBKIT_SEED: seed,
    HUBKIT_ADMIN_TOKEN: ADMIN_TOKEN,
    HUBKIT_WEB_DIST: join(work, "no-web"),
    DATABASE_URL: "",
    ...extra,
  };
}

/** Starts a hub with user `alice` (write and read tokens). */
export async function startTestHub(name: string, extra: Record<string, string> = {}): Promise<TestHub> {
  const work = mkdtempSync(join(tmpdir(), `hubkit-${name}-`));
  const server = await startServer(loadConfig(await hubEnv(work, extra)));
  const ctx = server.hub;
  if (ctx === undefined) throw new Error("the server has no local hub");
  const admin = (path: string, body: unknown, method = "POST") =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const token = async (role: "read" | "write") =>
    String(
      ((await (await admin("/api/admin/tokens", { user: "alice", role, name: role })).json()) as { token: string })
        .token,
    );
  await admin("/api/admin/users", { name: "alice" });
  return {
    url: server.url,
    ctx,
    work,
    dataDir: join(work, "data"),
    writeToken: await token("write"),
    readToken: await token("read"),
    admin,
    close: async () => {
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export { gitClientEnv, type RunResult, run } from "./run-command.js";

/** The official Python client of `version` (its venv's python), with HF_* pointing at the hub. */
export async function python(
  version: string,
  hub: TestHub,
  code: string,
  options: { token?: string; xet?: boolean; home?: string; cwd?: string } = {},
): Promise<RunResult> {
  const home = options.home ?? join(hub.work, `hf-home-${version}`);
  mkdirSync(home, { recursive: true });
  return run(await pythonFor(version), ["-c", code], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: hfClientEnv({ endpoint: hub.url, home, token: options.token, xet: options.xet }),
  });
}

/** The `hf` CLI of a client version. */
export async function hfCli(version: string, hub: TestHub, args: readonly string[], token: string, cwd: string) {
  const bin = join(await pythonFor(version), "..", "hf");
  return run(bin, args, {
    cwd,
    env: hfClientEnv({ endpoint: hub.url, home: join(hub.work, `hf-home-${version}`), token }),
  });
}

/** Creates `alice/<name>` (private when asked) and commits `files` (path → text) to its main branch. */
export async function createRepoWithFiles(
  hub: Pick<TestHub, "url" | "writeToken">,
  type: "model" | "dataset",
  name: string,
  files: Record<string, string>,
  options: { private?: boolean } = {},
): Promise<void> {
  const auth = { Authorization: `Bearer ${hub.writeToken}` };
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type, private: options.private ?? false }),
  });
  if (created.status !== 200) throw new Error(`create ${name}: ${created.status} ${await created.text()}`);
  const lines = [
    JSON.stringify({ key: "header", value: { summary: "files", description: "" } }),
    ...Object.entries(files).map(([path, content]) =>
      JSON.stringify({
        key: "file",
        value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
      }),
    ),
  ];
  const committed = await fetch(`${hub.url}/api/${type}s/alice/${name}/commit/main`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
  });
  if (committed.status !== 200) throw new Error(`commit to ${name}: ${committed.status} ${await committed.text()}`);
}

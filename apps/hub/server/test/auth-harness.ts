// A real hub server for the account, access and client tests: startServer on 127.0.0.1 (random port) with an
// in-memory index (PGlite), repositories and LFS objects in a temporary folder, a one-model seed and an admin
// token; plus running the official Python clients against it.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Authenticator } from "../src/auth/accounts.js";
import { HUB_DIR, loadConfig } from "../src/config.js";
import type { HubContext } from "../src/hub-context.js";
import { startServer } from "../src/server.js";
import { writeJsonl } from "./files.js";
import { hfClientEnv, type RunResult, run } from "./run-command.js";

export const ADMIN_TOKEN = "test-admin-token-0123456789abcdef";

export interface AuthHub {
  url: string;
  accounts: Authenticator;
  ctx: HubContext;
  /** Admin helpers through the HTTP API. */
  user(name: string): Promise<void>;
  token(user: string, role: "read" | "write", name?: string): Promise<string>;
  org(name: string, members: string[]): Promise<void>;
  close(): Promise<void>;
}

/** POSTs `body` to the admin API of the hub at `url` with ADMIN_TOKEN; throws on anything but 2xx. */
export async function adminPost(url: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

export async function startAuthHub(extraEnv: Record<string, string> = {}): Promise<AuthHub> {
  const work = mkdtempSync(join(tmpdir(), "hubkit-auth-"));
  const seed = writeJsonl(join(work, "seed.jsonl"), [{ id: "seed-org/seed-model", pipeline_tag: "fill-mask" }]);
  const server = await startServer(
    loadConfig({
      PORT: "0",
      HUBKIT_DATA_DIR: ":memory:",
      HUBKIT_SEED: seed,
      HUBKIT_ADMIN_TOKEN: ADMIN_TOKEN,
      HUBKIT_WEB_DIST: join(work, "no-web"),
      ...extraEnv,
    }),
  );
  const ctx = server.hub;
  if (ctx === undefined) throw new Error("the server has no local hub");
  const url = server.url;
  const admin = (path: string, body: unknown) => adminPost(url, path, body);
  return {
    url,
    accounts: ctx.accounts,
    ctx,
    user: async (name) => void (await admin("/api/admin/users", { name })),
    token: async (user, role, name) => String((await admin("/api/admin/tokens", { user, role, name })).token),
    org: async (name, members) => void (await admin("/api/admin/organizations", { name, members })),
    close: async () => {
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

export const PYTHON_CLIENTS = ["2.0.0", "1.33.0"] as const;

/** The venv's python for a huggingface_hub version, created by scripts/python-clients.sh when missing. */
export async function pythonFor(version: string): Promise<string> {
  const root = join(HUB_DIR, "../../node_modules/.cache/hubkit-venvs");
  const python = join(root, `hf-${version}`, "bin/python");
  if (!existsSync(python))
    await new Promise<void>((done, fail) =>
      execFile("bash", [join(HUB_DIR, "../../scripts/python-clients.sh")], { timeout: 300_000 }, (error) =>
        error ? fail(error) : done(),
      ),
    );
  return python;
}

/** Runs the venv's `hf` CLI with the client pointed at `endpoint`. */
export async function runHfCli(
  version: string,
  endpoint: string,
  token: string | undefined,
  args: readonly string[],
): Promise<RunResult> {
  const hf = join(await pythonFor(version), "../hf");
  return runClient(hf, args, endpoint, token);
}

/** Runs a Python snippet with the client pointed at `endpoint`; resolves with stdout, exit code and stderr. */
export async function runPython(
  version: string,
  endpoint: string,
  token: string | undefined,
  code: string,
): Promise<RunResult> {
  return runClient(await pythonFor(version), ["-c", code], endpoint, token);
}

async function runClient(
  program: string,
  args: readonly string[],
  endpoint: string,
  token: string | undefined,
): Promise<RunResult> {
  const home = mkdtempSync(join(tmpdir(), "hubkit-hf-home-"));
  try {
    return await run(program, args, { timeoutMs: 60_000, env: hfClientEnv({ endpoint, home, token }) });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

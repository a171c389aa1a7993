// A real hub for the listing and download client tests: startServer on 127.0.0.1 (random port) with a small seed
// of real seed records (models, datasets, spaces — so they become real repositories), an admin token, and a
// loopback proxy in front of it that records every request line, so a test can assert that a client served a
// file from its cache (no GET reached the hub). The Python clients run with their own HF_HOME per version.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HUB_DIR, loadConfig } from "../src/config.js";
import { type RunningServer, startServer } from "../src/server.js";
import { ADMIN_TOKEN, adminPost, pythonFor } from "./auth-harness.js";
import { writeJsonl } from "./files.js";
import { hfClientEnv, type RunResult, run } from "./run-command.js";

const SEED_DIR = join(HUB_DIR, "server/seed");

/** The first `count` records of a seed file, plus the records with the `ids` given. */
export function seedRecords(file: string, count: number, ids: readonly string[] = []): Record<string, unknown>[] {
  const all = readFileSync(join(SEED_DIR, file), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return all.filter((record, position) => position < count || ids.includes(String(record.id)));
}

export interface ListingHub {
  /** The proxy's URL: what clients use. */
  url: string;
  server: RunningServer;
  work: string;
  /** `METHOD /path?query` of every request that went through the proxy, in order. */
  requests: string[];
  user(name: string): Promise<void>;
  token(user: string, role: "read" | "write"): Promise<string>;
  close(): Promise<void>;
}

/**
 * A pass-through reverse proxy that logs requests and says which host the client asked for in X-Forwarded-Host and
 * -Proto, as nginx is set up in front of a hub (which then runs with HUBKIT_TRUST_PROXY=1 and builds absolute URLs,
 * such as the listing's Link, from them).
 */
function recordingProxy(target: URL, requests: string[]): Promise<Server> {
  const proxy = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${incoming.url}`);
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, "x-forwarded-host": incoming.headers.host, "x-forwarded-proto": "http" },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.destroy());
    incoming.pipe(forward);
  });
  return new Promise((ready) => proxy.listen(0, "127.0.0.1", () => ready(proxy)));
}

export async function startListingHub(
  name: string,
  seed: { models: Record<string, unknown>[]; datasets: Record<string, unknown>[]; spaces: Record<string, unknown>[] },
): Promise<ListingHub> {
  const work = mkdtempSync(join(tmpdir(), `hubkit-${name}-`));
  const seedDir = join(work, "seed");
  mkdirSync(seedDir);
  writeJsonl(join(seedDir, "datasets.jsonl"), seed.datasets);
  writeJsonl(join(seedDir, "spaces.jsonl"), seed.spaces);
  const server = await startServer(
    loadConfig({
      PORT: "0",
      HUBKIT_DATA_DIR: join(work, "data"),
      HUBKIT_SEED: writeJsonl(join(seedDir, "models.jsonl"), seed.models),
      HUBKIT_ADMIN_TOKEN: ADMIN_TOKEN,
      HUBKIT_WEB_DIST: join(work, "no-web"),
      HUBKIT_TRUST_PROXY: "1",
      DATABASE_URL: "",
    }),
  );
  const requests: string[] = [];
  const proxy = await recordingProxy(new URL(server.url), requests);
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url,
    server,
    work,
    requests,
    user: async (user) => void (await adminPost(server.url, "/api/admin/users", { name: user })),
    token: async (user, role) =>
      String((await adminPost(server.url, "/api/admin/tokens", { user, role, name: role })).token),
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `code` (or the `hf` CLI with `args` when `cli` is set) with a huggingface_hub version against the hub.
 * HF_HOME is per hub and version, so the client's cache survives between calls.
 */
export async function runClient(
  version: string,
  hub: ListingHub,
  program: { code: string } | { cli: readonly string[]; cwd: string },
  token?: string,
): Promise<RunResult> {
  const python = await pythonFor(version);
  const home = join(hub.work, `hf-home-${version}`);
  mkdirSync(home, { recursive: true });
  const [command, args] = "code" in program ? [python, ["-c", program.code]] : [join(python, "..", "hf"), program.cli];
  return run(command, args, {
    timeoutMs: 90_000,
    ...("cwd" in program ? { cwd: program.cwd } : {}),
    env: hfClientEnv({ endpoint: hub.url, home, token }),
  });
}

/** Runs Python that prints one JSON value last; fails with the client's stderr when it did not. */
export async function pythonJson<T>(version: string, hub: ListingHub, code: string, token?: string): Promise<T> {
  const result = await runClient(version, hub, { code }, token);
  if (result.code !== 0) throw new Error(`python (huggingface_hub ${version}) failed:\n${result.stderr.slice(-3000)}`);
  const last = result.stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as T;
}

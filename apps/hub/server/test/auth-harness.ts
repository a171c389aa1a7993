// A real hub server for the account and access tests, on 127.0.0.1 (random port): PGlite in memory with every
// migration, real git repositories and LFS folder in a temp folder, the account store with an admin token, and the
// route modules these tests exercise (accounts, repository lifecycle, misc, listing and repository info) behind
// the auth middleware, with app.ts's error mapping. Also: running the official Python clients against it.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { ApiError, errorHeaders } from "../src/api/api-error.js";
import { register as registerListing } from "../src/api/listing.js";
import { register as registerMisc } from "../src/api/misc.js";
import { register as registerRepoInfo } from "../src/api/repo-info.js";
import { register as registerRepos } from "../src/api/repos.js";
import { AccountStore } from "../src/auth/account-store.js";
import { register as registerAdmin } from "../src/auth/admin-routes.js";
import { authMiddleware } from "../src/auth/middleware.js";
import type { HubEnv } from "../src/auth/principal.js";
import { register as registerWhoami } from "../src/auth/whoami.js";
import { HUB_DIR, loadConfig } from "../src/config.js";
import type { HubContext } from "../src/hub-context.js";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { GitStorage } from "../src/repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { openPglite } from "../src/store/db.js";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import { ModelStore } from "../src/store/model-store.js";

export const ADMIN_TOKEN = "test-admin-token-0123456789abcdef";

export interface AuthHub {
  url: string;
  accounts: AccountStore;
  ctx: HubContext;
  /** Admin helpers through the HTTP API. */
  user(name: string): Promise<void>;
  token(user: string, role: "read" | "write", name?: string): Promise<string>;
  org(name: string, members: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startAuthHub(): Promise<AuthHub> {
  const work = mkdtempSync(join(tmpdir(), "hubkit-auth-"));
  const store = await ModelStore.open(await openPglite(undefined));
  const storage = new GitStorage(join(work, "repos"), DEFAULT_STORAGE_LIMITS);
  const lfs = await new FolderLargeFileStore(join(work, "lfs")).open();
  const accounts = new AccountStore(store.db, { adminToken: ADMIN_TOKEN });
  const ctx: HubContext = {
    config: loadConfig({ PORT: "0", HUBKIT_DATA_DIR: work }),
    storage,
    lfs,
    accounts,
    index: new DbRepoIndex(store, storage, lfs),
  };
  const app = new Hono<HubEnv>();
  app.use("*", authMiddleware(accounts));
  for (const register of [
    registerWhoami,
    registerAdmin,
    registerRepos,
    registerMisc,
    registerListing,
    registerRepoInfo,
  ])
    register(app, ctx);
  app.onError((error, c) => {
    if (error instanceof ApiError)
      return c.json({ ...error.body, error: error.message }, error.status, errorHeaders(error));
    console.error(error);
    return c.json({ error: "Internal server error" }, 500);
  });
  app.notFound((c) => c.json({ error: "Not found" }, 404));
  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const listening = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => ready(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    url,
    accounts,
    ctx,
    user: async (name) => void (await admin("/api/admin/users", { name })),
    token: async (user, role, name) => String((await admin("/api/admin/tokens", { user, role, name })).token),
    org: async (name, members) => void (await admin("/api/admin/organizations", { name, members })),
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await store.close();
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

/** Runs a Python snippet with the client pointed at `endpoint`; resolves with stdout, exit code and stderr. */
export async function runPython(
  version: string,
  endpoint: string,
  token: string | undefined,
  code: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const python = await pythonFor(version);
  const home = mkdtempSync(join(tmpdir(), "hubkit-hf-home-"));
  try {
    return await new Promise((done) => {
      execFile(
        python,
        ["-c", code],
        {
          timeout: 60_000,
          env: {
            PATH: process.env.PATH ?? "/usr/bin:/bin",
            HF_ENDPOINT: endpoint,
            HF_HOME: home,
            HF_HUB_DISABLE_TELEMETRY: "1",
            HF_HUB_DISABLE_XET: "1",
            ...(token !== undefined ? { HF_TOKEN: token } : {}),
          },
        },
        (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
      );
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

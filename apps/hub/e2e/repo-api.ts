// Creating real repositories for the e2e tests and benchmarks through the server's own API, as a client would:
// admin token → user → write token → POST /api/repos/create → NDJSON commits (hub-api.md §4.6).
import type { APIRequestContext } from "@playwright/test";

/** The admin token start-server.mjs gives the e2e server. */
export const ADMIN_TOKEN = process.env.HUBKIT_ADMIN_TOKEN ?? "hf_e2e_admin_token_not_a_secret_0123456789";

export interface FileSpec {
  path: string;
  content: string | Buffer;
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string): Promise<unknown> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A new user with a write token; returns the user's name and the token. */
export async function newWriter(request: APIRequestContext, prefix: string): Promise<{ user: string; token: string }> {
  const user = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  await ok(await request.post("/api/admin/users", { headers: admin, data: { name: user } }), "create user");
  const body = (await ok(
    await request.post("/api/admin/tokens", { headers: admin, data: { user, role: "write", name: "e2e" } }),
    "create token",
  )) as { token: string };
  return { user, token: body.token };
}

export async function createRepo(
  request: APIRequestContext,
  token: string,
  name: string,
  type: "model" | "dataset" | "space" = "model",
): Promise<void> {
  await ok(
    await request.post("/api/repos/create", {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, type, ...(type === "space" ? { sdk: "static" } : {}) },
    }),
    "create repository",
  );
}

/** One commit of `files` (and deletions) on `main`; returns the commit id. */
export async function commit(
  request: APIRequestContext,
  token: string,
  repoApi: string,
  summary: string,
  files: FileSpec[],
  deleted: string[] = [],
): Promise<string> {
  const lines = [
    JSON.stringify({ key: "header", value: { summary, description: "" } }),
    ...files.map((file) =>
      JSON.stringify({
        key: "file",
        value: { path: file.path, content: Buffer.from(file.content).toString("base64"), encoding: "base64" },
      }),
    ),
    ...deleted.map((path) => JSON.stringify({ key: "deletedFile", value: { path } })),
  ];
  const body = (await ok(
    await request.post(`${repoApi}/commit/main`, {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      data: `${lines.join("\n")}\n`,
      timeout: 120_000,
    }),
    "commit",
  )) as { commitOid: string };
  return body.commitOid;
}

/** A small, valid safetensors file: two F32 tensors. */
export function tinySafetensors(): Buffer {
  const header = JSON.stringify({
    __metadata__: { format: "pt" },
    "layer.weight": { dtype: "F32", shape: [2, 2], data_offsets: [0, 16] },
    "layer.bias": { dtype: "F32", shape: [2], data_offsets: [16, 24] },
  });
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, Buffer.from(header), Buffer.alloc(24)]);
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

// Shared by the dataset-viewer tests (issue 21): datasets made through the commit API (small files inline, large
// ones as LFS objects through the batch API), waiting for their conversion, the viewer API with a token, and the
// Python venv with pyarrow, pandas and datasets (scripts/python-datasets.sh).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HUB_DIR } from "../src/config.js";
import type { TestHub } from "./hub-harness.js";
import { hfClientEnv, lastJsonLine, run } from "./run-command.js";

export const VIEWER = "/api/datasets-server";

/** What the helpers need of a hub (a test hub, or the benchmark's child-process hub). */
export type HubAccess = Pick<TestHub, "url" | "writeToken">;

export interface DatasetFile {
  path: string;
  content: Buffer;
}

/** Creates `alice/<name>` as a dataset (private when asked). */
export async function createDataset(hub: HubAccess, name: string, isPrivate = false): Promise<void> {
  const response = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, organization: null, type: "dataset", private: isPrivate }),
  });
  if (!response.ok) throw new Error(`create ${name}: ${response.status} ${await response.text()}`);
}

/** Uploads a large file's bytes as an LFS object of the repository (batch API, basic transfer). */
async function uploadLfs(hub: HubAccess, repo: string, content: Buffer): Promise<{ oid: string; size: number }> {
  const oid = createHash("sha256").update(content).digest("hex");
  const batch = await fetch(`${hub.url}/datasets/${repo}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${hub.writeToken}`,
      "Content-Type": "application/vnd.git-lfs+json",
      Accept: "application/vnd.git-lfs+json",
    },
    body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: content.length }] }),
  });
  if (!batch.ok) throw new Error(`batch: ${batch.status} ${await batch.text()}`);
  const answer = (await batch.json()) as {
    objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[];
  };
  const upload = answer.objects[0]?.actions?.upload;
  if (upload !== undefined) {
    const put = await fetch(upload.href, { method: "PUT", headers: upload.header ?? {}, body: content });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  }
  return { oid, size: content.length };
}

/** One commit of `files` to the default branch of `alice/<name>`; files over 10 KB go through LFS. */
export async function commitFiles(hub: HubAccess, repo: string, files: readonly DatasetFile[]): Promise<string> {
  const lines: unknown[] = [{ key: "header", value: { summary: "add data" } }];
  for (const file of files) {
    if (file.content.length > 10_000) {
      const { oid, size } = await uploadLfs(hub, repo, file.content);
      lines.push({ key: "lfsFile", value: { path: file.path, algo: "sha256", oid, size } });
    } else
      lines.push({
        key: "file",
        value: { path: file.path, content: file.content.toString("base64"), encoding: "base64" },
      });
  }
  const response = await fetch(`${hub.url}/api/datasets/${repo}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  if (!response.ok) throw new Error(`commit: ${response.status} ${await response.text()}`);
  return String(((await response.json()) as { commitOid: string }).commitOid);
}

export async function viewer(
  hub: TestHub,
  route: string,
  params: Record<string, string | number>,
  /** null = anonymous. */
  token: string | null = hub.readToken,
): Promise<{ status: number; code: string | null; body: Record<string, unknown> }> {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await fetch(`${hub.url}${VIEWER}/${route}?${query}`, {
    headers: token !== null ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, code: response.headers.get("x-error-code"), body };
}

/** Waits until the dataset's conversion has an outcome (valid, or an error answer); returns /splits's answer. */
export async function waitConverted(hub: TestHub, repo: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await viewer(hub, "splits", { dataset: repo });
    if (answer.code !== "ResponseNotReady") return answer;
    if (Date.now() > deadline) throw new Error(`${repo} not converted after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The venv's python with pyarrow, pandas and datasets (made by scripts/python-datasets.sh when missing). */
export async function datasetsPython(): Promise<string> {
  const python = join(HUB_DIR, "..", "..", "node_modules", ".cache", "hubkit-venvs", "datasets", "bin", "python");
  if (!existsSync(python)) {
    const made = await run("bash", [join(HUB_DIR, "..", "..", "scripts", "python-datasets.sh")], {
      timeoutMs: 600_000,
    });
    if (made.code !== 0) throw new Error(`python-datasets.sh failed: ${made.stderr}`);
  }
  return python;
}

/**
 * Runs `code` with the datasets venv's python against `hub` (read token, a cache of the test's own, Xet as
 * installed) in a fresh folder holding `files`, and parses the last line it prints as JSON.
 */
export async function runDatasetsPython(
  hub: TestHub,
  python: string,
  code: string,
  files: Record<string, Buffer> = {},
): Promise<unknown> {
  const folder = join(hub.work, `py-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
  const result = await run(python, ["-c", code], {
    cwd: folder,
    timeoutMs: 300_000,
    env: {
      ...hfClientEnv({ endpoint: hub.url, home: join(hub.work, "hf-home"), token: hub.readToken }),
      HF_DATASETS_DISABLE_PROGRESS_BARS: "1",
      PYTHONWARNINGS: "ignore",
    },
  });
  if (result.code !== 0) throw new Error(`python failed: ${result.stderr.slice(-3000)}`);
  return lastJsonLine(result.stdout);
}

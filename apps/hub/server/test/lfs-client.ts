// A small LFS client for the ownership and limits tests: the batch API, uploads through the hrefs it hands out,
// NDJSON commits of lfsFile pointers, and repository creation, each as a given user's token.
import { createHash } from "node:crypto";

export const LFS = "application/vnd.git-lfs+json";
export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export interface BatchAction {
  href: string;
  header?: Record<string, string>;
}
export interface BatchObject {
  oid: string;
  size: number;
  actions?: Record<string, BatchAction>;
  error?: { code: number; message: string };
}

export class LfsClient {
  constructor(readonly url: string) {}

  private auth(token: string | undefined): Record<string, string> {
    return token === undefined ? {} : { Authorization: `Bearer ${token}` };
  }

  /** `POST /{repo}.git/info/lfs/objects/batch` (repo as in URLs: `ns/name`, `datasets/ns/name`). */
  async batch(
    token: string | undefined,
    repo: string,
    operation: "upload" | "download",
    objects: { oid: string; size: number }[],
    transfers: string[] = ["basic"],
  ): Promise<{ status: number; objects: BatchObject[]; text: string }> {
    const response = await fetch(`${this.url}/${repo}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...this.auth(token), Accept: LFS, "Content-Type": LFS },
      body: JSON.stringify({ operation, transfers, objects }),
    });
    const text = await response.text();
    const objectsOf = () => {
      try {
        return (JSON.parse(text) as { objects?: BatchObject[] }).objects ?? [];
      } catch {
        return [];
      }
    };
    return { status: response.status, objects: objectsOf(), text };
  }

  /** Uploads `bytes` for `repo` through the batch API's basic PUT; returns the PUT's status (0 = nothing asked). */
  async upload(token: string, repo: string, bytes: Buffer): Promise<number> {
    const { objects } = await this.batch(token, repo, "upload", [{ oid: sha256(bytes), size: bytes.length }]);
    const href = objects[0]?.actions?.upload?.href;
    if (href === undefined) return 0;
    return (await fetch(href, { method: "PUT", body: bytes })).status;
  }

  async createRepo(token: string, name: string, extra: Record<string, unknown> = {}): Promise<number> {
    const response = await fetch(`${this.url}/api/repos/create`, {
      method: "POST",
      headers: { ...this.auth(token), "Content-Type": "application/json" },
      body: JSON.stringify({ name, ...extra }),
    });
    return response.status;
  }

  /** Commits lfsFile pointers (`size` omitted when undefined, as a copy does) to `main` of a model repo. */
  async commitLfs(
    token: string,
    repo: string,
    files: { path: string; oid: string; size?: number }[],
  ): Promise<{ status: number; body: string }> {
    const lines = [
      { key: "header", value: { summary: "LFS files" } },
      ...files.map((file) => ({ key: "lfsFile", value: { algo: "sha256", ...file } })),
    ];
    const response = await fetch(`${this.url}/api/models/${repo}/commit/main`, {
      method: "POST",
      headers: { ...this.auth(token), "Content-Type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    });
    return { status: response.status, body: await response.text() };
  }
}

// The wire protocol over HTTP against a real hub: NDJSON commits (good, stale, hostile), resolve/raw headers and
// ranges, tree/paths-info/refs/commits shapes, and the LFS batch API (signed URLs, sha256 mismatch, multipart with
// parts and completion, download actions, locks/verify).
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const LFS = "application/vnd.git-lfs+json";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const auth = () => ({ Authorization: `Bearer ${hub.writeToken}` });
const api = (path: string) => `${hub.url}/api/models/alice/proto${path}`;

function ndjson(lines: unknown[]): string {
  return lines.map((line) => JSON.stringify(line)).join("\n");
}
const header = (extra: Record<string, unknown> = {}) => ({ key: "header", value: { summary: "s", ...extra } });
const file = (path: string, content: string) => ({
  key: "file",
  value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});
const commit = (body: string, query = "") =>
  fetch(api(`/commit/main${query}`), {
    method: "POST",
    headers: { ...auth(), "Content-Type": "application/x-ndjson" },
    body,
  });
const batch = (body: unknown, headers: Record<string, string> = auth()) =>
  fetch(`${hub.url}/alice/proto.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { ...headers, Accept: LFS, "Content-Type": LFS },
    body: JSON.stringify(body),
  });

let first = "";
beforeAll(async () => {
  hub = await startTestHub("lfs-protocol", {
    HUBKIT_MULTIPART_THRESHOLD_BYTES: "100000",
    HUBKIT_MULTIPART_CHUNK_BYTES: "65536",
  });
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth(), "Content-Type": "application/json" },
    body: JSON.stringify({ name: "proto" }),
  });
  expect(created.status).toBe(200);
  const response = await commit(ndjson([header(), file("a.txt", "hello world"), file("dir/b.txt", "b")]));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { commitOid: string; commitUrl: string; success: boolean };
  first = body.commitOid;
  expect(body).toEqual({
    success: true,
    commitOid: first,
    commitUrl: `${hub.url}/alice/proto/commit/${first}`,
    hookOutput: "",
  });
}, 60_000);
afterAll(() => hub?.close());

describe("commit", () => {
  it("answers a stale parentCommit with the hub's 412 and keeps the branch", async () => {
    const response = await commit(ndjson([header({ parentCommit: "0000000" }), file("c.txt", "c")]));
    expect(response.status).toBe(412);
    expect(((await response.json()) as { error: string }).error).toBe(
      "The branch was updated since you opened this page. Please refresh and try again.",
    );
  });

  it("refuses malformed and hostile bodies with 4xx, never 500", async () => {
    const cases: [string, number][] = [
      ["not json", 400],
      [ndjson([file("x", "y")]), 400],
      [ndjson([header(), { key: "nope", value: {} }]), 400],
      [ndjson([header()]), 400],
      [ndjson([header(), file("../escape", "x")]), 422],
      [ndjson([header(), file(".git/config", "x")]), 422],
      [ndjson([header(), { key: "deletedFile", value: { path: "missing.txt" } }]), 404],
      [
        ndjson([header(), { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid: "a".repeat(64), size: 5 } }]),
        422,
      ],
      [ndjson([header(), { key: "lfsFile", value: { path: "w.bin", oid: "zz", size: 5 } }]), 400],
    ];
    for (const [body, status] of cases) {
      const response = await commit(body);
      expect(response.status, body.slice(0, 80)).toBe(status);
      expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    const missingLfs = await commit(cases[7]?.[0] as string);
    expect(((await missingLfs.json()) as { error: string }).error).toContain(
      "LFS pointer pointed to a file that does not exist",
    );
    // create_pr opens a pull request now (issue 19, community/): the commit lands on refs/pr/N, not on main.
    const pr = await commit(ndjson([header(), file("p.txt", "p")]), "?create_pr=1");
    expect(pr.status).toBe(200);
    expect(((await pr.json()) as { pullRequestUrl: string }).pullRequestUrl).toMatch(/\/discussions\/\d+$/);
    const anonymous = await fetch(api("/commit/main"), { method: "POST", body: ndjson([header(), file("q", "q")]) });
    expect(anonymous.status).toBe(401);
    const read = await fetch(api("/commit/main"), {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.readToken}` },
      body: ndjson([header(), file("q", "q")]),
    });
    expect(read.status).toBe(403);
    expect(await hub.ctx.storage.resolveRevision({ type: "model", id: "alice/proto" }, "main")).toBe(first);
  });
});

describe("reads", () => {
  it("resolve: ETag, X-Repo-Commit, ranges, 416, HEAD length, EntryNotFound and RevisionNotFound", async () => {
    const head = await fetch(`${hub.url}/alice/proto/resolve/main/a.txt`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("11");
    expect(head.headers.get("x-repo-commit")).toBe(first);
    expect(head.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    const range = await fetch(`${hub.url}/alice/proto/resolve/${first}/a.txt`, { headers: { Range: "bytes=6-" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe("bytes 6-10/11");
    expect(await range.text()).toBe("world");
    const suffix = await fetch(`${hub.url}/alice/proto/raw/main/a.txt`, { headers: { Range: "bytes=-5" } });
    expect(await suffix.text()).toBe("world");
    const outside = await fetch(`${hub.url}/alice/proto/resolve/main/a.txt`, { headers: { Range: "bytes=50-60" } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe("bytes */11");
    const missing = await fetch(`${hub.url}/alice/proto/resolve/main/nope.txt`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-error-code")).toBe("EntryNotFound");
    expect(missing.headers.get("x-repo-commit")).toBe(first);
    const badRev = await fetch(`${hub.url}/alice/proto/resolve/nobranch/a.txt`);
    expect(badRev.headers.get("x-error-code")).toBe("RevisionNotFound");
    const hostile = await fetch(`${hub.url}/alice/proto/resolve/main/..%2F..%2Fetc%2Fpasswd`);
    expect(hostile.status).toBe(404);
    const noRepo = await fetch(`${hub.url}/alice/absent/resolve/main/a.txt`);
    expect(noRepo.status).toBe(401);
    expect(noRepo.headers.get("x-error-code")).toBe("RepoNotFound");
  });

  it("tree, paths-info (form and JSON), refs and commits", async () => {
    const tree = await (await fetch(api("/tree/main?recursive=true"))).json();
    expect(tree).toEqual([
      { type: "file", oid: "a6344aac8c09253b3b630fb776ae94478aa0275b", size: 1519, path: ".gitattributes" },
      { type: "file", oid: expect.any(String), size: 11, path: "a.txt" },
      { type: "directory", oid: expect.any(String), size: 0, path: "dir" },
      { type: "file", oid: expect.any(String), size: 1, path: "dir/b.txt" },
    ]);
    const sub = (await (await fetch(api("/tree/main/dir?expand=true"))).json()) as Record<string, unknown>[];
    expect(sub).toEqual([
      expect.objectContaining({ path: "dir/b.txt", lastCommit: { id: first, title: "s", date: expect.any(String) } }),
    ]);
    expect((await fetch(api("/tree/main/nope"))).headers.get("x-error-code")).toBe("EntryNotFound");
    const form = await fetch(api("/paths-info/main"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "paths=a.txt&paths=missing&paths=dir&expand=false",
    });
    expect(((await form.json()) as { path: string }[]).map((entry) => entry.path)).toEqual(["a.txt", "dir"]);
    const json = await fetch(api("/paths-info/main"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ paths: ["a.txt"], expand: true }),
    });
    expect(((await json.json()) as { lastCommit?: { id: string } }[])[0]?.lastCommit?.id).toBe(first);
    expect(await (await fetch(api("/refs"))).json()).toEqual({
      branches: [{ name: "main", ref: "refs/heads/main", targetCommit: first }],
      converts: [],
      tags: [],
    });
    const commits = await fetch(api("/commits/main?limit=1"));
    expect(commits.headers.get("x-total-count")).toBe("2");
    expect(commits.headers.get("link")).toMatch(
      new RegExp(`^<${hub.url}/api/models/alice/proto/commits/main\\?.*p=1.*>; rel="next"$`),
    );
    expect(await commits.json()).toEqual([
      {
        id: first,
        title: "s",
        message: "",
        authors: [{ user: "alice", avatar: expect.any(String) }],
        date: expect.stringMatching(/Z$/),
      },
    ]);
  });
});

describe("LFS batch API", () => {
  it("picks xet for uploads when offered, basic otherwise; refuses anonymous uploads with an LFS 401; locks 501", async () => {
    const object = { oid: "b".repeat(64), size: 10 };
    const anonymous = await batch({ operation: "upload", transfers: ["basic", "xet"], objects: [object] }, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toContain(LFS);
    const answer = (await (
      await batch({ operation: "upload", transfers: ["xet", "basic"], objects: [object] })
    ).json()) as {
      transfer: string;
      objects: { actions: { upload: { href: string; header: Record<string, string> } } }[];
    };
    // (Was "never xet": wrong by design since the hub runs its own Xet CAS, issue 18.)
    expect(answer.transfer).toBe("xet");
    expect(answer.objects[0]?.actions.upload.href).toMatch(/\/api\/models\/alice\/proto\/xet-write-token\/main$/);
    expect(answer.objects[0]?.actions.upload.header["X-Xet-Access-Token"]).toBeTruthy();
    const basic = (await (await batch({ operation: "upload", transfers: ["basic"], objects: [object] })).json()) as {
      transfer: string;
    };
    expect(basic.transfer).toBe("basic");
    const locks = await fetch(`${hub.url}/alice/proto.git/info/lfs/locks/verify`, { method: "POST", headers: auth() });
    expect(locks.status).toBe(501);
  });

  it("stores an object only when its bytes match the sha256; signed URLs cannot be reused for other objects", async () => {
    const bytes = randomBytes(5000);
    const oid = sha256(bytes);
    const answer = (await (
      await batch({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: 5000 }] })
    ).json()) as {
      objects: { actions: { upload: { href: string }; verify: { href: string } } }[];
    };
    const { upload, verify } = answer.objects[0]?.actions ?? { upload: { href: "" }, verify: { href: "" } };
    const forged = upload.href.replace(oid, "c".repeat(64));
    expect((await fetch(forged, { method: "PUT", body: bytes })).status).toBe(403);
    const wrong = Buffer.from(bytes);
    wrong[0] = (wrong[0] ?? 0) ^ 1;
    const mismatch = await fetch(upload.href, { method: "PUT", body: wrong });
    expect(mismatch.status).toBe(400);
    expect(await hub.ctx.lfs.stat(oid)).toBeUndefined();
    expect((await fetch(verify.href, { method: "POST", body: JSON.stringify({ oid, size: 5000 }) })).status).toBe(404);
    expect((await fetch(upload.href, { method: "PUT", body: bytes })).status).toBe(200);
    expect((await fetch(verify.href, { method: "POST", body: JSON.stringify({ oid, size: 5000 }) })).status).toBe(200);
    const again = (await (await batch({ operation: "upload", objects: [{ oid, size: 5000 }] })).json()) as {
      objects: Record<string, unknown>[];
    };
    expect(again.objects[0]).toEqual({ oid, size: 5000 });
    const download = (await (
      await batch({
        operation: "download",
        objects: [
          { oid, size: 5000 },
          { oid: "d".repeat(64), size: 1 },
        ],
      })
    ).json()) as {
      objects: { actions?: { download: { href: string } }; error?: { code: number } }[];
    };
    const href = download.objects[0]?.actions?.download.href as string;
    expect(Buffer.from(await (await fetch(href)).arrayBuffer()).equals(bytes)).toBe(true);
    expect(download.objects[1]?.error?.code).toBe(404);
  });

  it("uploads large objects in parts with the hub's multipart layout, then commits their pointer", async () => {
    const bytes = randomBytes(150_000);
    const oid = sha256(bytes);
    const answer = (await (
      await batch({ operation: "upload", transfers: ["basic", "multipart"], objects: [{ oid, size: bytes.length }] })
    ).json()) as { objects: { actions: { upload: { href: string; header: Record<string, string> } } }[] };
    const upload = answer.objects[0]?.actions.upload;
    expect(upload?.header.chunk_size).toBe("65536");
    const partUrls = Object.keys(upload?.header ?? {})
      .filter((key) => /^\d+$/.test(key))
      .sort()
      .map((key) => upload?.header[key] as string);
    expect(partUrls).toHaveLength(3);
    const parts: { partNumber: number; etag: string }[] = [];
    for (const [index, url] of partUrls.entries()) {
      const response = await fetch(url, { method: "PUT", body: bytes.subarray(index * 65536, (index + 1) * 65536) });
      expect(response.status).toBe(200);
      parts.push({ partNumber: index + 1, etag: response.headers.get("etag") ?? "" });
    }
    const badCompletion = await fetch(upload?.href as string, {
      method: "POST",
      body: JSON.stringify({ oid, parts: [...parts.slice(0, 2), { partNumber: 3, etag: "nope" }] }),
    });
    expect(badCompletion.status).toBe(400);
    const complete = await fetch(upload?.href as string, { method: "POST", body: JSON.stringify({ oid, parts }) });
    expect(complete.status).toBe(200);
    expect(await hub.ctx.lfs.stat(oid)).toEqual({ oid, size: 150_000 });
    const committed = await commit(
      ndjson([header(), { key: "lfsFile", value: { path: "big/weights.bin", algo: "sha256", oid, size: 150_000 } }]),
    );
    expect(committed.status).toBe(200);
    const resolved = await fetch(`${hub.url}/alice/proto/resolve/main/big/weights.bin`, {
      headers: { Range: "bytes=1000-1999" },
    });
    expect(resolved.headers.get("x-linked-etag")).toBe(`"${oid}"`);
    expect(resolved.headers.get("x-linked-size")).toBe("150000");
    expect(resolved.headers.get("etag")).toBe(`"${oid}"`);
    expect(Buffer.from(await resolved.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const raw = await fetch(`${hub.url}/alice/proto/raw/main/big/weights.bin`);
    expect(await raw.text()).toBe(`version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize 150000\n`);
  });

  it("answers xet token requests with a CAS token in both forms (JSON and X-Xet-* headers)", async () => {
    const response = await fetch(api("/xet-write-token/main"), { headers: auth() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accessToken: string; exp: number; casUrl: string };
    expect(body.casUrl).toMatch(new RegExp(`^${hub.url}/xet/[0-9a-f]+$`));
    expect(response.headers.get("x-xet-access-token")).toBe(body.accessToken);
    expect(response.headers.get("x-xet-cas-url")).toBe(body.casUrl);
    expect(Number(response.headers.get("x-xet-token-expiration"))).toBe(body.exp);
  });
});

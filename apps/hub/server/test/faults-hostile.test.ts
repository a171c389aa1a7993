// Hostile input over HTTP against the real server (beyond lfs-protocol.test.ts's cases): file paths that try to leave
// the repository, invalid repository names, malformed NDJSON, files past the configured limits, LFS bodies that lie
// about their size or never end. Each gets a 4xx with the hub's message, never a 500, and the data folder holds the
// same files afterwards as before (nothing written inside or outside a repository).
import { createHash, randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  commit,
  createRepo,
  faultHub,
  file,
  filesUnder,
  fsckAll,
  header,
  headOnDisk,
  ndjson,
} from "./faults-harness.js";

const MAX_FILE = 64 * 1024;
const MAX_BODY = 1024 * 1024;
const MAX_LFS = 4 * 1024 * 1024;
const hub = faultHub("hostile", {
  HUBKIT_MAX_REGULAR_FILE_BYTES: String(MAX_FILE),
  HUBKIT_MAX_COMMIT_BODY_BYTES: String(MAX_BODY),
  HUBKIT_MAX_LFS_OBJECT_BYTES: String(MAX_LFS),
});
const REPO = "alice/hostile";
const LFS = "application/vnd.git-lfs+json";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The data folder's files except the database's own (which change with every request). */
const dataFiles = () => filesUnder(hub.dataDir, (path) => path === "pglite");
let before: string[] = [];
let head = "";

/** The answer's status and hub error message, with the error headers checked to agree with the body. */
async function failure(response: Response): Promise<{ status: number; error: string }> {
  const text = await response.text();
  let error = "";
  try {
    error = String((JSON.parse(text) as { error?: unknown; message?: unknown }).error ?? JSON.parse(text).message);
  } catch {
    error = text;
  }
  return { status: response.status, error };
}

beforeAll(async () => {
  await hub.start();
  await createRepo(hub, "hostile");
  expect((await commit(hub, REPO, ndjson([header(), file("ok.txt", "ok")]))).status).toBe(200);
  head = await headOnDisk(hub, REPO);
  before = dataFiles();
}, 90_000);

describe("file paths in a commit", () => {
  const cases: [string, string][] = [
    ["/etc/passwd", "the path must be relative"],
    ["\\\\server\\share", "the path must be relative"],
    ["C:/Windows/x", "the path must be relative"],
    ["a\\..\\..\\x", "the path may not contain '.' or '..' segments"],
    ["./x", "the path may not contain '.' or '..' segments"],
    ["weights/../../../escape", "the path may not contain '.' or '..' segments"],
    ["ok\u0000.txt", "the path contains a control character"],
    ["line\nbreak", "the path contains a control character"],
    [".GIT/hooks/pre-receive", "the path may not contain a '.git' segment"],
    ["sub/.git/config", "the path may not contain a '.git' segment"],
    ["a//b", "the path has an empty segment"],
    ["x".repeat(256), "a path segment is longer than 255 bytes"],
    [`${"d/".repeat(2100)}f`, "the path is longer than 4096 bytes"],
  ];
  for (const [path, problem] of cases)
    it(`refuses ${JSON.stringify(path.slice(0, 40))} with 422: ${problem}`, async () => {
      for (const operation of [
        file(path, "x"),
        { key: "deletedFile", value: { path } },
        { key: "deletedFolder", value: { path } },
      ]) {
        const answer = await failure(await commit(hub, REPO, ndjson([header(), operation])));
        expect(answer.status, operation.key).toBe(422);
        expect(answer.error).toBe(`Invalid path ${JSON.stringify(path.slice(0, 200))}: ${problem}`);
      }
    });

  it("reads with hostile paths answer 404 or an empty list, never 500", async () => {
    const url = hub.current().url;
    for (const path of ["..%2F..%2Fetc%2Fpasswd", "%00", "a%5C..%5C..%5Cx", ".git/config", "%2Fetc%2Fpasswd"]) {
      const tree = await fetch(`${url}/api/models/${REPO}/tree/main/${path}`);
      expect(tree.status, `tree ${path}`).toBe(404);
      expect(tree.headers.get("x-error-code")).toBe("EntryNotFound");
      const resolve = await fetch(`${url}/${REPO}/resolve/main/${path}`);
      expect(resolve.status, `resolve ${path}`).toBe(404);
    }
    const info = await fetch(`${url}/api/models/${REPO}/paths-info/main`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ paths: ["../../etc/passwd", "\u0000", "/etc/passwd", ".git/HEAD", 42], expand: true }),
    });
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual([]);
  });
});

describe("repository names", () => {
  const names = [
    "../evil",
    "..",
    "evil/../../x",
    "a/b/c",
    "-dash",
    "double--dash",
    "dots..name",
    "name.git",
    "x".repeat(97),
    "with space",
    "nul\u0000name",
    "",
  ];
  it("refuses invalid names on create with 400 and creates nothing", async () => {
    for (const name of names) {
      const response = await hub.authed("/api/repos/create", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      });
      const answer = await failure(response);
      expect(answer.status, name).toBe(400);
      expect(answer.error, name).toMatch(name === "" ? /^"name" is required$/ : /^Invalid repo name/);
    }
    for (const organization of ["../../tmp", "alice/..", ".git"]) {
      const answer = await failure(
        await hub.authed("/api/repos/create", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: "fine", organization }),
        }),
      );
      expect(answer.status, organization).toBe(400);
      expect(answer.error).toMatch(/^Invalid repo name/);
    }
    expect(readdirSync(join(hub.dataDir, "repos", "models"))).toEqual(["alice", "seed-org"]);
    expect(readdirSync(join(hub.dataDir, "repos", "models", "alice"))).toEqual(["hostile.git"]);
  });
});

describe("commit bodies", () => {
  it("refuses malformed NDJSON with the hub's 400 and its message", async () => {
    const cases: [string, string][] = [
      [`${JSON.stringify(header())}\n{"key": "file", "value": `, "Line 2 of the commit body is not valid JSON"],
      ["[1, 2, 3]", "Invalid line 1: expected an object"],
      [ndjson([{ key: "header" }]), 'Invalid "header" value on line 1: expected an object'],
      [ndjson([header(), { key: "file", value: { path: "x" } }]), 'Invalid file: "content" must be a string'],
      [
        ndjson([header(), { key: "file", value: { path: "x", content: "eA==", encoding: "hex" } }]),
        'Invalid file encoding "hex": use "base64"',
      ],
      [
        ndjson([header({ parentCommit: "not-a-sha" }), file("x", "x")]),
        "Invalid parentCommit: expected 7 to 40 hexadecimal characters",
      ],
      [
        ndjson([header(), { key: "lfsFile", value: { path: "x", oid: "a".repeat(64), size: -1 } }]),
        "Invalid lfsFile size for x",
      ],
      [ndjson([file("x", "x")]), "The first line of the commit body must have the key `header`"],
      [
        ndjson([header(), { key: "unknownKey", value: {} }]),
        "Add a line with the key `lfsFile`, `file` or `deletedFile`",
      ],
      ["\n\n\n", "The first line of the commit body must have the key `header`"],
    ];
    for (const [body, message] of cases) {
      const answer = await failure(await commit(hub, REPO, body));
      expect(answer, body.slice(0, 60)).toEqual({ status: 400, error: message });
    }
  });

  it("refuses a body over the configured size (one huge line) with 413", async () => {
    const line = JSON.stringify({ key: "file", value: { path: "huge.txt", content: "A".repeat(MAX_BODY) } });
    const answer = await failure(await commit(hub, REPO, `${JSON.stringify(header())}\n${line}`));
    expect(answer).toEqual({ status: 413, error: `Request body larger than ${MAX_BODY} bytes` });
  });

  it("refuses a regular file over the configured limit with 413 naming LFS", async () => {
    const body = ndjson([header(), file("big.txt", Buffer.alloc(MAX_FILE + 1, 0x61))]);
    const answer = await failure(await commit(hub, REPO, body));
    expect(answer).toEqual({
      status: 413,
      error: `big.txt is larger than ${MAX_FILE} bytes: upload it as an LFS file`,
    });
  });

  it("cuts a commit body that never ends at the configured size", async () => {
    const answer = await endlessBody(`${hub.current().url}/api/models/${REPO}/commit/main`, {
      Authorization: `Bearer ${hub.writeToken()}`,
      "Content-Type": "application/x-ndjson",
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(`Request body larger than ${MAX_BODY} bytes`);
    expect(answer.sent).toBeLessThan(64 * MAX_BODY);
    expect(answer.cut, "the server must close the connection, not read on").toBe(true);
  }, 60_000);
});

describe("LFS uploads", () => {
  const batch = (objects: unknown, transfers: unknown = ["basic"]) =>
    hub.authed(`/${REPO}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { Accept: LFS, "Content-Type": LFS },
      body: JSON.stringify({ operation: "upload", transfers, objects }),
    });
  async function uploadHref(oid: string, size: number): Promise<string> {
    const answer = (await (await batch([{ oid, size }])).json()) as {
      objects: { actions: { upload: { href: string } } }[];
    };
    return answer.objects[0]?.actions.upload.href as string;
  }

  it("refuses objects over the configured size, invalid ids and bodies that are not JSON", async () => {
    const answer = (await (
      await batch([
        { oid: "a".repeat(64), size: MAX_LFS + 1 },
        { oid: "../../../etc/passwd", size: 1 },
        { oid: "b".repeat(64), size: -5 },
      ])
    ).json()) as { objects: { error?: { code: number; message: string } }[] };
    expect(answer.objects.map((object) => object.error)).toEqual([
      { code: 422, message: `Objects larger than ${MAX_LFS} bytes are refused` },
      { code: 422, message: "Invalid object id or size" },
      { code: 422, message: "Invalid object id or size" },
    ]);
    const notJson = await hub.authed(`/${REPO}.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { Accept: LFS, "Content-Type": LFS },
      body: "{nope",
    });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get("content-type")).toContain(LFS);
    expect(((await notJson.json()) as { message: string }).message).toBe("The batch request is not valid JSON");
    expect((await failure(await batch([], ["xet"]))).status).toBe(422);
  });

  it("a client that goes away mid-upload leaves no temporary file and no object", async () => {
    const bytes = randomBytes(2 * 1024 * 1024);
    const href = await uploadHref(sha256(bytes), bytes.length);
    const put = request(href, { method: "PUT", headers: { "Content-Length": String(bytes.length) } });
    put.on("error", () => {});
    put.write(bytes.subarray(0, bytes.length / 2));
    const tmp = join(hub.dataDir, "lfs", "tmp");
    await until(() => filesUnder(tmp).length > 0, "the upload's temporary file");
    put.destroy();
    await until(() => filesUnder(tmp).length === 0, "the temporary file's removal");
    expect(filesUnder(join(hub.dataDir, "lfs"))).toEqual([]);
  }, 60_000);

  it("stores nothing for a body shorter or longer than declared, or whose bytes do not match the sha256", async () => {
    const bytes = randomBytes(50_000);
    const oid = sha256(bytes);
    const href = await uploadHref(oid, bytes.length);
    const short = await failure(await fetch(href, { method: "PUT", body: bytes.subarray(0, 40_000) }));
    expect(short).toEqual({ status: 400, error: "Size mismatch: expected 50000 bytes, received 40000" });
    const long = await failure(await fetch(href, { method: "PUT", body: Buffer.concat([bytes, Buffer.from("x")]) }));
    expect(long).toEqual({ status: 400, error: "Object is larger than the declared size 50000" });
    const flipped = Buffer.from(bytes);
    flipped[49_999] = (flipped[49_999] ?? 0) ^ 0xff;
    const mismatch = await failure(await fetch(href, { method: "PUT", body: flipped }));
    expect(mismatch).toEqual({ status: 400, error: `sha256 mismatch: expected ${oid}, got ${sha256(flipped)}` });
    const endless = await endlessBody(href, {}, "PUT");
    expect(endless.status).toBe(400);
    expect(endless.body).toContain("Object is larger than the declared size 50000");
    expect(endless.cut, "the server must close the connection, not read on").toBe(true);
    // Refused before reading (a forged signature): the server drains a bounded amount for the answer's sake, then cuts.
    const forged = await endlessBody(href.replace(/sig=[^&]+/, "sig=forged"), {}, "PUT");
    expect(forged.status).toBe(403);
    expect(forged.cut, "the server must stop draining a body that never ends").toBe(true);
    expect(filesUnder(join(hub.dataDir, "lfs"))).toEqual([]);
  }, 60_000);
});

it("leaves the data folder as it was: no stray file, repository unchanged, fsck clean; the server still serves", async () => {
  expect(dataFiles()).toEqual(before);
  expect(readdirSync(hub.work).sort()).toEqual(["data", "seed.jsonl"]);
  expect(await headOnDisk(hub, REPO)).toBe(head);
  expect(await fsckAll(hub.dataDir)).toEqual([]);
  expect(await (await fetch(`${hub.current().url}/${REPO}/resolve/main/ok.txt`)).text()).toBe("ok");
  expect(hub.current().output()).not.toMatch(/\n\s+at .*:\d+:\d+/);
});

/**
 * Streams a chunked body that never ends (64 KiB chunks as fast as the socket takes them) and keeps streaming after
 * the answer: resolves with the answer and whether the server then closed the connection (`cut`) instead of
 * reading on. Bounded: at most 5 s after the answer, 15 s in all.
 */
function endlessBody(
  url: string,
  headers: Record<string, string>,
  method = "POST",
): Promise<{ status: number; body: string; sent: number; cut: boolean }> {
  return new Promise((done, fail) => {
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let sent = 0;
    let finished = false;
    let answer: { status: number; body: string; sent: number } | undefined;
    const req = request(url, { method, headers: { ...headers, "Transfer-Encoding": "chunked" } });
    let timer = setTimeout(() => finish(new Error(`no answer after ${sent} bytes`)), 15_000);
    const finish = (result: Error | { cut: boolean }) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      req.destroy();
      if (result instanceof Error) fail(result);
      else if (answer === undefined) fail(new Error(`the connection closed without an answer after ${sent} bytes`));
      else done({ ...answer, cut: result.cut });
    };
    req.on("response", (response) => {
      let body = "";
      response.on("data", (data: Buffer) => {
        body += data.toString();
      });
      response.on("end", () => {
        answer = { status: response.statusCode ?? 0, body, sent };
        clearTimeout(timer);
        timer = setTimeout(() => finish({ cut: false }), 5_000);
      });
    });
    // After the answer, a reset or a broken pipe is the server cutting the body (what the test wants).
    req.on("error", (error) => finish(answer === undefined ? error : { cut: true }));
    req.on("close", () => finish({ cut: true }));
    const pump = () => {
      while (!finished && req.write(chunk)) sent += chunk.length;
      if (!finished) sent += chunk.length;
    };
    req.on("drain", pump);
    pump();
  });
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

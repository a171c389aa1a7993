// Issue 20, point 10 (serving) on a real server: the site's files and the JSON API are gzip/brotli encoded as the
// client's Accept-Encoding asks (`Vary: Accept-Encoding`), the site's files from the build's precompressed copies;
// file downloads and ranged answers never are; `npm start` writes one JSON access-log line per request (no query,
// no credentials), and HUBKIT_ACCESS_LOG=0 turns it off.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { HUB_DIR } from "../src/config.js";
import { preferredCoding } from "../src/serving/accept-encoding.js";
import { hubEnv, startTestHub, type TestHub } from "./hub-harness.js";
import { killChildren } from "./kill-children.js";
import { rawRequest } from "./raw-http.js";

interface BytesAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request with exactly these headers, the body as it came over the wire (fetch would decode it). */
async function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<BytesAnswer> {
  const answer = await rawRequest(base, method, path, headers);
  return { status: answer.status, headers: answer.headers, body: answer.bytes };
}

function decoded(answer: BytesAnswer): Buffer {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(answer.body);
  if (coding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

const varies = (answer: BytesAnswer) =>
  (answer.headers.vary ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .includes("accept-encoding");

// A built site as web/build-outputs.ts leaves it: app.js with its precompressed siblings, other.js without.
const APP_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(", ")}];\n`;
const OTHER_JS = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word-${i % 37}`))};\n`;
const INDEX = `<!doctype html><html><head><title>Hubkit</title><script type="module" src="/assets/app.js"></script></head><body>${"<p>hello</p>".repeat(200)}</body></html>`;
const PNG = Buffer.alloc(4096, 7);
const APP_BR = brotliCompressSync(Buffer.from(APP_JS), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

let hub: TestHub;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "hubkit-serving-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), INDEX);
  writeFileSync(join(webDir, "assets/app.js"), APP_JS);
  writeFileSync(join(webDir, "assets/app.js.br"), APP_BR);
  writeFileSync(join(webDir, "assets/other.js"), OTHER_JS);
  writeFileSync(join(webDir, "assets/logo.png"), PNG);
  hub = await startTestHub("serving", { HUBKIT_WEB_DIST: webDir });
  // A repository holding a JSON file big enough to be worth compressing: its download must come as it is.
  const config = JSON.stringify({ vocab: Array.from({ length: 300 }, (_, i) => `token-${i}`) });
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "served", type: "model" }),
  });
  expect(created.status).toBe(200);
  const lines = [
    { key: "header", value: { summary: "config", description: "" } },
    {
      key: "file",
      value: { path: "config.json", content: Buffer.from(config).toString("base64"), encoding: "base64" },
    },
  ];
  const committed = await fetch(`${hub.url}/api/models/alice/served/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  expect(committed.status, await committed.text()).toBe(200);
}, 120_000);

afterAll(async () => {
  await hub?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("Accept-Encoding negotiation", () => {
  test("brotli when accepted, else gzip; q=0 refuses; * counts; junk means identity", () => {
    expect(preferredCoding("gzip, deflate, br")).toBe("br");
    expect(preferredCoding("gzip")).toBe("gzip");
    expect(preferredCoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredCoding("gzip;q=0.2, br;q=0.1")).toBe("gzip");
    expect(preferredCoding("*")).toBe("br");
    expect(preferredCoding("*;q=0")).toBeUndefined();
    expect(preferredCoding("identity")).toBeUndefined();
    expect(preferredCoding(undefined)).toBeUndefined();
    expect(preferredCoding(`${"x".repeat(5000)}, br`)).toBeUndefined();
    expect(preferredCoding(";;;, ,q=2")).toBeUndefined();
  });
});

describe("the site's files", () => {
  test("a precompressed asset is served from its .br sibling, gzip compressed once, identity as it is", async () => {
    const br = await get(hub.url, "/assets/app.js", { "Accept-Encoding": "gzip, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(APP_BR)).toBe(true); // the build's bytes, not a per-request compression
    expect(varies(br)).toBe(true);
    const gzip = await get(hub.url, "/assets/app.js", { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzip).toString()).toBe(APP_JS);
    const again = await get(hub.url, "/assets/app.js", { "Accept-Encoding": "gzip" });
    expect(again.body.equals(gzip.body)).toBe(true);
    const plain = await get(hub.url, "/assets/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
    expect(varies(plain)).toBe(true);
  });

  test("an asset without a precompressed copy and the page itself are compressed too", async () => {
    const other = await get(hub.url, "/assets/other.js", { "Accept-Encoding": "br" });
    expect(other.headers["content-encoding"]).toBe("br");
    expect(decoded(other).toString()).toBe(OTHER_JS);
    expect(other.body.length).toBeLessThan(OTHER_JS.length / 2);
    const page = await get(hub.url, "/models", { "Accept-Encoding": "gzip" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(decoded(page).toString()).toBe(INDEX);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  test("images are sent as they are", async () => {
    const png = await get(hub.url, "/assets/logo.png", { "Accept-Encoding": "br, gzip" });
    expect(png.status).toBe(200);
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.equals(PNG)).toBe(true);
  });
});

describe("the JSON API", () => {
  test("a listing comes brotli or gzip encoded as asked, the same JSON once decoded, and varies", async () => {
    const list = await get(hub.url, "/api/tasks");
    expect(list.headers["content-encoding"]).toBeUndefined();
    expect(varies(list)).toBe(true);
    for (const coding of ["br", "gzip"]) {
      const answer = await get(hub.url, "/api/tasks", { "Accept-Encoding": coding });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(coding);
      expect(varies(answer)).toBe(true);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(JSON.parse(decoded(answer).toString())).toEqual(JSON.parse(list.body.toString()));
    }
    expect(list.body.length).toBeGreaterThan(1024); // else it would rightly stay uncompressed
  });

  test("a client refusing both codings gets identity", async () => {
    const refused = await get(hub.url, "/api/tasks", {
      "Accept-Encoding": "br;q=0, gzip;q=0, identity",
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(refused.body.toString())).toBeInstanceOf(Object);
  });

  test("a file download, even of JSON, and a ranged one are never compressed", async () => {
    const file = await get(hub.url, "/alice/served/resolve/main/config.json", { "Accept-Encoding": "br, gzip" });
    expect(file.status).toBe(200);
    expect(file.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(file.body.toString()).vocab).toHaveLength(300);
    expect(Number(file.headers["content-length"])).toBe(file.body.length);
    const ranged = await get(hub.url, "/alice/served/resolve/main/config.json", {
      "Accept-Encoding": "br, gzip",
      Range: "bytes=0-99",
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers["content-encoding"]).toBeUndefined();
    expect(ranged.body.length).toBe(100);
    const api = await get(hub.url, "/api/models/alice/served/resolve/main/config.json", { "Accept-Encoding": "br" });
    expect(api.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the access log of `npm start`", () => {
  const children: ChildProcess[] = [];
  const work: string[] = [];
  afterEach(async () => {
    await killChildren(children);
    for (const dir of work.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** main.ts (what `npm start` runs after its build check) on a port of its own; its stdout lines as they come. */
  async function startMain(
    extra: Record<string, string>,
  ): Promise<{ url: string; lines: string[]; stop: () => Promise<void> }> {
    const dir = mkdtempSync(join(tmpdir(), "hubkit-access-log-"));
    work.push(dir);
    const env = { ...process.env, ...(await hubEnv(dir)), HUBKIT_WEB_DIST: webDir, ...extra };
    const child = spawn(process.execPath, ["--conditions=hubkit-source", "--import", "tsx", "server/src/main.ts"], {
      cwd: HUB_DIR,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    const lines: string[] = [];
    let buffered = "";
    const url = await new Promise<string>((done, fail) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const parts = buffered.split("\n");
        buffered = parts.pop() ?? "";
        for (const line of parts) {
          lines.push(line);
          const running = /Hubkit is running at (\S+)\/$/.exec(line);
          if (running?.[1] !== undefined) done(running[1]);
        }
      });
      child.once("exit", (code) => fail(new Error(`the server exited with ${code}`)));
    });
    // Stopped and its output read to the end: every line it wrote is in `lines`.
    const stop = async () => {
      const ended = new Promise((done) => child.stdout?.once("end", done));
      child.kill("SIGTERM");
      await ended;
    };
    return { url, lines, stop };
  }

  const accessLines = (lines: string[]) =>
    lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);

  async function waitFor<T>(probe: () => T | undefined): Promise<T> {
    for (let i = 0; i < 200; i++) {
      const found = probe();
      if (found !== undefined) return found;
      await new Promise((done) => setTimeout(done, 25));
    }
    throw new Error("the access log line never came");
  }

  test("one JSON line per request: method, path without the query, status, bytes, ms, request id; no secrets", async () => {
    const { url, lines } = await startMain({});
    const secret = "hf_SeCrEtToKeN1234567890";
    const answer = await get(url, `/api/models?search=llama&token=${secret}`, {
      Authorization: `Bearer ${secret}`,
      Cookie: `session=${secret}`,
      "X-Request-Id": "trace-me-1",
    });
    expect(answer.status).toBe(401); // an unknown token is refused, and still logged
    const line = await waitFor(() => accessLines(lines).find((entry) => entry.requestId === "trace-me-1"));
    expect(line).toMatchObject({ method: "GET", path: "/api/models", status: 401, requestId: "trace-me-1" });
    expect(line.bytes).toBeGreaterThan(answer.body.length); // what went out: headers and body
    expect(typeof line.ms).toBe("number");
    expect(Number.isNaN(Date.parse(String(line.time)))).toBe(false);
    expect(lines.join("\n")).not.toContain(secret);
    const missing = await get(url, "/api/models/nobody/nothing", { "X-Request-Id": "trace-me-2" }); // a missing repository: 401, as on the hub
    expect(missing.status).toBe(401);
    const second = await waitFor(() => accessLines(lines).find((entry) => entry.requestId === "trace-me-2"));
    expect(second).toMatchObject({ path: "/api/models/nobody/nothing", status: 401 });
    // A hostile path cannot forge a line of its own.
    await get(url, "/x%0A%7B%22forged%22%3A1%7D", { "X-Request-Id": "trace-me-3" });
    await waitFor(() => accessLines(lines).find((entry) => entry.requestId === "trace-me-3"));
    expect(accessLines(lines).some((entry) => "forged" in entry)).toBe(false);
  }, 60_000);

  test("HUBKIT_ACCESS_LOG=0 turns it off", async () => {
    const { url, lines, stop } = await startMain({ HUBKIT_ACCESS_LOG: "0" });
    for (let i = 0; i < 3; i++) expect((await get(url, "/api/health")).status).toBe(200);
    await stop();
    // The server logs its own events on stdout: none of them is an access line.
    expect(lines.some((line) => line.includes("Hubkit is running"))).toBe(true);
    expect(accessLines(lines)).toEqual([]);
  }, 60_000);
});

// Issue 22 point 2 on a real server: every answer carries `X-Request-Id` (JSON, errors, redirects, 501s, streamed
// file bodies, HEAD, git, the site, a 414), one fresh random id per request unless the caller sent a sane one
// (`X-Request-Id`, else huggingface_hub's `X-Amzn-Trace-Id`): bounded, of safe characters, else replaced. The
// server's error log line names the id, and a page may read it (CORS). huggingface_hub's message: see
// legacy-ids-python.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { acceptedRequestId } from "../src/api/request-id.js";
import { startTestHub, type TestHub } from "./hub-harness.js";
import { type RawAnswer, rawRequest } from "./raw-http.js";

let hub: TestHub;
let webDir: string;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "hubkit-request-id-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  writeFileSync(join(webDir, "assets", "app.js"), "console.log('app');\n");
  hub = await startTestHub("request-id", { HUBKIT_WEB_DIST: webDir });
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "m",
      files: [{ path: "data.txt", content: "x".repeat(100_000), encoding: "utf-8" }],
    }),
  });
  expect(created.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await hub?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET", body?: string) =>
  rawRequest(hub.url, method, path, headers, body);

/** One request of every kind of answer the server gives. */
const KINDS: Record<string, () => Promise<RawAnswer>> = {
  "API JSON": () => get("/api/models?limit=1"),
  "API error (RepoNotFound)": () => get("/api/models/alice/missing"),
  "API 404": () => get("/api/no-such-route"),
  "API 405": () => get("/api/models", {}, "POST", "{}"),
  "API 501": () => get("/api/jobs/alice"),
  "legacy-id 307": () => get("/api/models/gpt2"),
  "site page 307": () => get("/gpt2"),
  "file streamed from disk": () => get("/alice/m/resolve/main/data.txt"),
  "file range": () => get("/alice/m/resolve/main/data.txt", { Range: "bytes=0-9" }),
  "file HEAD": () => get("/alice/m/resolve/main/data.txt", {}, "HEAD"),
  "git info/refs": () => get("/alice/m.git/info/refs?service=git-upload-pack"),
  "site page": () => get("/alice/m"),
  "site asset": () => get("/assets/app.js"),
  "URL too long (414)": () => get(`/api/models?search=${"a".repeat(9000)}`),
  "CORS preflight": () =>
    get("/api/models", { Origin: "https://example.org", "Access-Control-Request-Method": "GET" }, "OPTIONS"),
};

describe("X-Request-Id on every answer", () => {
  for (const [kind, send] of Object.entries(KINDS))
    test(`${kind}: a fresh random id per request`, async () => {
      const first = await send();
      const second = await send();
      if (kind === "file streamed from disk") expect(first.body.length).toBe(100_000);
      expect(first.headers["x-request-id"], kind).toMatch(UUID);
      expect(second.headers["x-request-id"], kind).toMatch(UUID);
      expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
    });

  test("the caller's own id is kept when sane, on JSON, streamed and git answers", async () => {
    for (const id of ["abc-123", "Root=1-67891233-abcdef012345678912345678", "a.b_c:d+e", "x".repeat(128)])
      for (const path of ["/api/models/alice/missing", "/alice/m/resolve/main/data.txt", "/alice/m/info/refs"])
        expect((await get(path, { "X-Request-Id": id })).headers["x-request-id"], `${id} ${path}`).toBe(id);
    // huggingface_hub sends its id as X-Amzn-Trace-Id (a uuid4): the answer names that one.
    const trace = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect((await get("/api/models/alice/missing", { "X-Amzn-Trace-Id": trace })).headers["x-request-id"]).toBe(trace);
    // X-Request-Id wins over the trace id.
    const both = await get("/api/models", { "X-Request-Id": "mine", "X-Amzn-Trace-Id": trace });
    expect(both.headers["x-request-id"]).toBe("mine");
  });

  test("an insane id is replaced by a random one (too long, spaces, separators, non-ASCII, empty)", async () => {
    const insane = ["x".repeat(129), "a b", "a;b", "a,b", "<script>", "a/b", "ünï", "", "   ", "a\tb"];
    for (const id of insane) {
      const answer = await get("/api/models?limit=1", { "X-Request-Id": id, "X-Amzn-Trace-Id": id });
      expect(answer.headers["x-request-id"], JSON.stringify(id)).toMatch(UUID);
    }
    for (const id of insane) expect(acceptedRequestId(id), JSON.stringify(id)).toBeUndefined();
    expect(acceptedRequestId(" padded ")).toBe("padded");
  });

  test("a page may read it (CORS exposes it with the error details)", async () => {
    const answer = await get("/api/models/alice/missing", { Origin: "https://example.org" });
    const exposed = (answer.headers["access-control-expose-headers"] ?? "").toLowerCase().split(/,\s*/);
    for (const name of ["x-request-id", "x-error-code", "x-error-message", "x-repo-commit", "x-total-count", "link"])
      expect(exposed).toContain(name);
  });

  test("the error log line of an internal error names the request's id", async () => {
    const index = hub.ctx.index;
    const lookup = index.lookup;
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => {
      logged.push(parts.map(String).join(" "));
    });
    index.lookup = async () => {
      throw new Error("injected lookup failure");
    };
    try {
      const answer = await get("/api/models/alice/m", { "X-Request-Id": "trace-me-42" });
      expect(answer.status).toBe(500);
      expect(answer.headers["x-request-id"]).toBe("trace-me-42");
      const generated = await get("/api/models/alice/m");
      const id = generated.headers["x-request-id"] ?? "";
      expect(id).toMatch(UUID);
      expect(logged.some((line) => line.includes("trace-me-42") && line.includes("injected lookup failure"))).toBe(
        true,
      );
      expect(logged.some((line) => line.includes(id))).toBe(true);
    } finally {
      index.lookup = lookup;
      spy.mockRestore();
    }
  });
});

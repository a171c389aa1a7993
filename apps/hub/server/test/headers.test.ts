// Issue 17, finding 14 on real servers: the Host header and X-Forwarded-* are not reflected into the URLs the hub
// hands out (Link, repo url, LFS hrefs) unless they name this server or a trusted proxy sent them; authenticated
// answers are private to the caller for caches; the site's pages carry a CSP and may only be framed by the site;
// the session cookie is `__Host-` over https; a short HUBKIT_SECRET refuses to start; space apps get no modals.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConfigError, HUB_DIR, loadConfig } from "../src/config.js";
import { PYTHON_CLIENTS, runPython } from "./auth-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";
import { rawRequest } from "./raw-http.js";
import { run } from "./run-command.js";

const LFS = "application/vnd.git-lfs+json";
const INLINE = "document.documentElement.dataset.theme = 'dark';";
const EVIL = "evil.example";

let plain: TestHub;
let pinned: TestHub;
let proxied: TestHub;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "hubkit-headers-web-"));
  mkdirSync(join(webDir, "assets"));
  writeFileSync(
    join(webDir, "index.html"),
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  writeFileSync(join(webDir, "assets", "app.js"), "console.log('app');\n");
  plain = await startTestHub("headers-plain", { HUBKIT_WEB_DIST: webDir });
  pinned = await startTestHub("headers-pinned", { HUBKIT_PUBLIC_URL: "https://hub.example.org" });
  proxied = await startTestHub("headers-proxied", { HUBKIT_TRUST_PROXY: "1" });
  for (const hub of [plain, pinned, proxied])
    for (const name of ["one", "two"]) {
      const created = await fetch(`${hub.url}/api/repos/create`, {
        method: "POST",
        headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name, type: "model" }),
      });
      expect(created.status).toBe(200);
    }
}, 120_000);
afterAll(async () => {
  for (const hub of [plain, pinned, proxied]) await hub?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const portOf = (hub: TestHub) => new URL(hub.url).port;

/** The absolute URLs the hub hands out for one request with `headers`: Link, a new repo's url, LFS hrefs. */
async function handedOut(hub: TestHub, headers: Record<string, string>): Promise<string[]> {
  const auth = { Authorization: `Bearer ${hub.writeToken}`, ...headers };
  const list = await rawRequest(hub.url, "GET", "/api/models?limit=1", headers);
  expect(list.status).toBe(200);
  const name = `r${randomBytes(4).toString("hex")}`;
  const created = await rawRequest(
    hub.url,
    "POST",
    "/api/repos/create",
    { ...auth, "Content-Type": "application/json" },
    JSON.stringify({ name, type: "model" }),
  );
  expect(created.status).toBe(200);
  const oid = createHash("sha256").update(name).digest("hex");
  const batch = await rawRequest(
    hub.url,
    "POST",
    `/alice/${name}.git/info/lfs/objects/batch`,
    { ...auth, Accept: LFS, "Content-Type": LFS },
    JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: name.length }] }),
  );
  expect(batch.status).toBe(200);
  const object = (JSON.parse(batch.body) as { objects: Array<{ actions?: Record<string, { href: string }> }> })
    .objects[0];
  const hrefs = Object.values(object?.actions ?? {}).map((action) => action.href);
  expect(hrefs.length).toBeGreaterThan(0);
  const link = /<([^>]+)>/.exec(list.headers.link ?? "")?.[1] ?? "";
  return [link, (JSON.parse(created.body) as { url: string }).url, ...hrefs];
}

describe("the URLs the hub hands out", () => {
  test("a hostile Host or X-Forwarded-* is not reflected: the server's own address is used", async () => {
    const cases: Record<string, string>[] = [
      { Host: EVIL },
      { Host: `${EVIL}:${portOf(plain)}` },
      { Host: `localhost:1` },
      { Host: `127.0.0.1:${portOf(plain)}`, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" },
    ];
    for (const headers of cases) {
      const urls = await handedOut(plain, headers);
      for (const url of urls) {
        expect(url, JSON.stringify(headers)).not.toContain(EVIL);
        expect(url.startsWith(`${plain.url}/`), `${url} for ${JSON.stringify(headers)}`).toBe(true);
      }
    }
  });

  test("a client on localhost, 127.0.0.1 or the machine's name gets its own endpoint back (the Python client requires it)", async () => {
    const port = portOf(plain);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`, `${hostname()}:${port}`]) {
      const urls = await handedOut(plain, { Host: host });
      for (const url of urls) expect(url.startsWith(`http://${host.toLowerCase()}/`), url).toBe(true);
    }
  });

  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version} with HF_ENDPOINT=http://localhost:<port>: create_repo and upload_file parse the urls`, async () => {
      const name = `local-${version.replaceAll(".", "-")}`;
      const code = [
        "from huggingface_hub import HfApi",
        "api = HfApi()",
        `url = api.create_repo("${name}")`,
        `again = api.create_repo("${name}", exist_ok=True)`,
        `info = api.upload_file(path_or_fileobj=b"hello", path_in_repo="hello.txt", repo_id="alice/${name}")`,
        "print(url.repo_id, again.repo_id, str(url), getattr(info, 'commit_url', str(info)))",
      ].join("\n");
      const endpoint = `http://localhost:${portOf(plain)}`;
      const result = await runPython(version, endpoint, plain.writeToken, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(result.stdout).toContain(`alice/${name} alice/${name} ${endpoint}/alice/${name}`);
      expect(result.stdout).toContain(`${endpoint}/alice/${name}/commit/`);
    }, 120_000);

  test("HUBKIT_PUBLIC_URL: every URL is the configured one, whatever Host says", async () => {
    const cases: Record<string, string>[] = [
      { Host: EVIL },
      { Host: "hub.example.org" },
      { Host: `${EVIL}`, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "http" },
    ];
    for (const headers of cases) {
      const urls = await handedOut(pinned, headers);
      for (const url of urls) expect(url.startsWith("https://hub.example.org/"), url).toBe(true);
    }
    // Even a request naming the listening address (what a reverse proxy forwarding to it may send as Host).
    for (const url of await handedOut(pinned, { Host: `127.0.0.1:${portOf(pinned)}` }))
      expect(url.startsWith("https://hub.example.org/"), url).toBe(true);
  });

  test("HUBKIT_TRUST_PROXY=1: the proxy's X-Forwarded-Proto and -Host are the client's endpoint", async () => {
    const urls = await handedOut(proxied, { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "hub.proxy.example" });
    for (const url of urls) expect(url.startsWith("https://hub.proxy.example/"), url).toBe(true);
  });
});

describe("caches", () => {
  test("authenticated answers are private and vary with the credentials; anonymous public reads stay cacheable", async () => {
    const token = { Authorization: `Bearer ${plain.writeToken}` };
    for (const path of [
      "/api/whoami-v2",
      "/api/models/alice/one",
      "/api/models?author=alice",
      "/api/models/alice/one/tree/main",
      "/alice/one/resolve/main/.gitattributes",
    ]) {
      const answer = await rawRequest(plain.url, "GET", path, token);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toMatch(/\b(private|no-store)\b/);
      expect(answer.headers["cache-control"], path).not.toMatch(/\bpublic\b/);
      expect(answer.headers.vary, path).toMatch(/Authorization/i);
      expect(answer.headers.vary, path).toMatch(/Cookie/i);
    }
    const refused = await rawRequest(plain.url, "GET", "/api/models/alice/one", { Authorization: "Bearer hf_wrong" });
    expect(refused.status).toBe(401);
    expect(refused.headers["cache-control"]).toMatch(/\b(private|no-store)\b/);
    const anonymous = await rawRequest(plain.url, "GET", "/api/models/alice/one");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.vary).toMatch(/Authorization/i);
    expect(anonymous.headers["cache-control"] ?? "").not.toMatch(/private|no-store/);
  });
});

describe("the site's pages", () => {
  test("pages send a CSP (own scripts and the inline script's hash only, no framing by others) and X-Frame-Options", async () => {
    const hash = createHash("sha256").update(INLINE).digest("base64");
    for (const path of ["/", "/models", "/alice/one", "/index.html"]) {
      const answer = await rawRequest(plain.url, "GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers["content-type"], path).toMatch(/^text\/html/);
      const csp = answer.headers["content-security-policy"] ?? "";
      const directives = new Map(
        csp.split(";").map((part) => {
          const [name = "", ...values] = part.trim().split(/\s+/);
          return [name, values];
        }),
      );
      expect(directives.get("script-src"), path).toEqual(["'self'", `'sha256-${hash}'`]);
      expect(directives.get("object-src"), path).toEqual(["'none'"]);
      expect(directives.get("base-uri"), path).toEqual(["'self'"]);
      expect(directives.get("frame-ancestors"), path).toEqual(["'self'"]);
      expect(answer.headers["x-frame-options"], path).toBe("SAMEORIGIN");
    }
    const pageWithoutBuild = await rawRequest(pinned.url, "GET", "/");
    expect(pageWithoutBuild.headers["content-security-policy"]).toMatch(/frame-ancestors 'self'/);
  });

  test("a static space's app is sandboxed without allow-modals", async () => {
    const created = await fetch(`${plain.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${plain.writeToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "app", type: "space", sdk: "static" }),
    });
    expect(created.status).toBe(200);
    const answer = await rawRequest(plain.url, "GET", "/spaces/alice/app/app/README.md");
    expect(answer.status).toBe(200);
    const csp = answer.headers["content-security-policy"] ?? "";
    expect(csp).toMatch(/^sandbox allow-scripts/);
    expect(csp).not.toContain("allow-modals");
    expect(csp).not.toContain("allow-same-origin");
  });
});

describe("the session cookie", () => {
  async function join(hub: TestHub, username: string, headers: Record<string, string> = {}) {
    return rawRequest(
      hub.url,
      "POST",
      "/api/web/join",
      { "Content-Type": "application/json", ...headers },
      JSON.stringify({ username, password: "a long password" }),
    );
  }

  test("over http: the plain name, no Secure; a forwarded https from an untrusted client changes nothing", async () => {
    const cases: Record<string, string>[] = [{}, { "X-Forwarded-Proto": "https" }];
    for (const headers of cases) {
      const answer = await join(plain, `plain${randomBytes(3).toString("hex")}`, headers);
      expect(answer.status).toBe(200);
      expect(answer.cookies[0]).toMatch(/^hubkit_session=[\w-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+$/);
    }
  });

  test("HUBKIT_PUBLIC_URL=https://…: `__Host-` prefix with Secure and Path=/ (no Domain); only that name signs in", async () => {
    const answer = await join(pinned, "hosted");
    expect(answer.status).toBe(200);
    const setCookie = answer.cookies[0] ?? "";
    expect(setCookie).toMatch(
      /^__Host-hubkit_session=[\w-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+; Secure$/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    const value = /^__Host-hubkit_session=([\w-]{43})/.exec(setCookie)?.[1] ?? "";
    const viewer = async (cookie: string) =>
      JSON.parse((await rawRequest(pinned.url, "GET", "/api/web/viewer", { Cookie: cookie })).body) as {
        user: { name: string } | null;
      };
    expect((await viewer(`__Host-hubkit_session=${value}`)).user?.name).toBe("hosted");
    // The unprefixed name is what a sibling subdomain or a plain-http page could plant: not read over https.
    expect((await viewer(`hubkit_session=${value}`)).user).toBeNull();
  });

  test("HUBKIT_TRUST_PROXY=1 and a forwarded https: `__Host-` with Secure", async () => {
    const answer = await join(proxied, "proxied", { "X-Forwarded-Proto": "https" });
    expect(answer.cookies[0]).toMatch(/^__Host-hubkit_session=[\w-]{43}; .*; Secure$/);
    const overHttp = await join(proxied, "proxied2");
    expect(overHttp.cookies[0]).toMatch(/^hubkit_session=/);
  });
});

describe("configuration", () => {
  test("HUBKIT_SECRET shorter than 32 characters, or a bad HUBKIT_PUBLIC_URL / HUBKIT_TRUST_PROXY, is refused", () => {
    expect(() => loadConfig({ HUBKIT_SECRET: "x".repeat(31) })).toThrow(ConfigError);
    expect(() => loadConfig({ HUBKIT_SECRET: "x".repeat(31) })).toThrow(/HUBKIT_SECRET must be at least 32 characters/);
    expect(loadConfig({ HUBKIT_SECRET: "x".repeat(32) }).secret).toBe("x".repeat(32));
    for (const url of ["ftp://hub.example", "https://hub.example/prefix", "https://u:p@hub.example", "not a url"])
      expect(() => loadConfig({ HUBKIT_PUBLIC_URL: url }), url).toThrow(/HUBKIT_PUBLIC_URL/);
    expect(loadConfig({ HUBKIT_PUBLIC_URL: "https://Hub.Example.org/" }).publicUrl).toBe("https://hub.example.org");
    expect(() => loadConfig({ HUBKIT_TRUST_PROXY: "yes please" })).toThrow(/HUBKIT_TRUST_PROXY/);
  });

  test("the server refuses to start with a short HUBKIT_SECRET, saying why", async () => {
    const work = mkdtempSync(join(tmpdir(), "hubkit-short-secret-"));
    try {
      const result = await run(
        process.execPath,
        ["--conditions=hubkit-source", "--import", "tsx", join(HUB_DIR, "server/src/main.ts")],
        {
          cwd: HUB_DIR,
          timeoutMs: 60_000,
          env: { PORT: "0", HUBKIT_DATA_DIR: join(work, "data"), HUBKIT_SECRET: "too-short-secret" },
        },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("HUBKIT_SECRET must be at least 32 characters");
      expect(result.stdout).not.toContain("Hubkit is running");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});

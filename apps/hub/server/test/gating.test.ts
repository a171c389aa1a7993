// Issue 19: gated repositories and access requests, with the official Python clients (huggingface_hub 2.0.0 and
// 1.33.0) where the flow is theirs: update_repo_settings(gated=…), hf_hub_download refused before access
// (GatedRepoError: 401 anonymous, 403 signed in), ask-access, list_pending/accepted/rejected_access_requests,
// accept/reject/cancel_access_request, grant_access, download allowed after and refused again after a revocation;
// auto gating; every byte path of a gated repository (resolve, raw, LFS batch, git clone, Xet read token, the
// site's diff) refused while the info, tree and card stay visible; the access matrix of the new routes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";
import { gitClientEnv, run } from "./run-command.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob", "carol", "dave"]) await hub.user(name);
  // acme: alice admin, carol write (startAuthHub's org: first member admin, the others write); dave reads.
  await hub.org("acme", ["alice", "carol"]);
  await hub.accounts.addMember("acme", "dave", "read");
  for (const name of ["alice", "bob", "carol", "dave"]) {
    tokens[`${name}Write`] = await hub.token(name, "write");
    tokens[`${name}Read`] = await hub.token(name, "read");
  }
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

function call(method: string, path: string, token?: string, body?: unknown, contentType = "application/json") {
  return fetch(`${hub.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "Content-Type": contentType } : {}),
      ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
}

async function py(version: string, token: string | undefined, code: string): Promise<unknown> {
  const result = await runPython(version, hub.url, token, code);
  expect(result.stderr).not.toMatch(/Traceback/);
  const lines = result.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "null");
}

/** A Python snippet downloading `names` from `repo`: "ok:<text>" or [exception class, status]. */
function downloadCode(repo: string, names: string[]): string {
  return [
    "import json, tempfile",
    "from huggingface_hub import hf_hub_download",
    "from huggingface_hub.errors import GatedRepoError",
    "def attempt(name):",
    "    try:",
    `        path = hf_hub_download(${JSON.stringify(repo)}, name, cache_dir=tempfile.mkdtemp())`,
    "        return 'ok:' + open(path).read()",
    "    except GatedRepoError as error:",
    "        return ['GatedRepoError', error.response.status_code]",
    "    except Exception as error:",
    "        return [type(error).__name__, getattr(getattr(error, 'response', None), 'status_code', None)]",
    `print(json.dumps([attempt(name) for name in ${JSON.stringify(names)}]))`,
  ].join("\n");
}

const CARD = [
  "---",
  "license: mit",
  "extra_gated_fields:",
  "  Company: text",
  "  Country: country",
  "---",
  "# Gated model",
  "",
].join("\n");

/** Creates `repo` as alice with config.json, README.md and an LFS weights.bin, gated `mode`. */
async function gatedRepo(version: string, repo: string, mode: "auto" | "manual"): Promise<void> {
  const code = [
    "import json; from huggingface_hub import HfApi",
    "api = HfApi()",
    `repo = ${JSON.stringify(repo)}`,
    "api.create_repo(repo)",
    "api.upload_file(repo_id=repo, path_in_repo='config.json', path_or_fileobj=b'{\"model_type\": \"bert\"}')",
    `api.upload_file(repo_id=repo, path_in_repo='README.md', path_or_fileobj=${JSON.stringify(CARD)}.encode())`,
    "api.upload_file(repo_id=repo, path_in_repo='weights.bin', path_or_fileobj=b'W' * 4096)",
    `api.update_repo_settings(repo, gated=${JSON.stringify(mode)})`,
    "print(json.dumps(api.model_info(repo).gated))",
  ].join("\n");
  expect(await py(version, tokens.aliceWrite, code)).toBe(mode);
}

const CONFIG = 'ok:{"model_type": "bert"}';

describe.each(PYTHON_CLIENTS)("huggingface_hub %s: manual gating and the access-request API", (version) => {
  const repo = `alice/gated-${version.replace(/\./g, "-")}`;

  test("refused before, asked, accepted, allowed, rejected (refused again), cancelled, granted", async () => {
    await gatedRepo(version, repo, "manual");
    // Before: anonymous 401, another user 403, both GatedRepoError (.gitattributes too, as on the hub); the card
    // stays readable by both.
    expect(await py(version, undefined, downloadCode(repo, ["config.json", "README.md"]))).toEqual([
      ["GatedRepoError", 401],
      `ok:${CARD}`,
    ]);
    expect(
      await py(version, tokens.bobRead, downloadCode(repo, ["config.json", ".gitattributes", "README.md"])),
    ).toEqual([["GatedRepoError", 403], ["GatedRepoError", 403], `ok:${CARD}`]);
    // The owner (even with a read token) downloads.
    expect(await py(version, tokens.aliceRead, downloadCode(repo, ["config.json"]))).toEqual([CONFIG]);

    // bob asks with the card's form fields (as the site's form posts them).
    const asked = await call(
      "POST",
      `/api/models/${repo}/ask-access`,
      tokens.bobRead,
      "Company=Bob%20Corp&Country=FR",
      "application/x-www-form-urlencoded",
    );
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: "pending" });
    const pendingAnswer = await call("GET", `/${repo}/resolve/main/config.json`, tokens.bobRead);
    expect(pendingAnswer.status).toBe(403);
    expect(pendingAnswer.headers.get("x-error-code")).toBe("GatedRepo");
    expect(pendingAnswer.headers.get("x-error-message")).toContain("awaiting a review");

    const list = (status: string) =>
      [
        "import json; from huggingface_hub import HfApi",
        `requests = HfApi().list_${status}_access_requests(${JSON.stringify(repo)})`,
        "print(json.dumps([[r.username, r.status, r.fields, r.timestamp.tzinfo is not None] for r in requests]))",
      ].join("\n");
    expect(await py(version, tokens.aliceWrite, list("pending"))).toEqual([
      ["bob", "pending", { Company: "Bob Corp", Country: "FR" }, true],
    ]);
    expect(await py(version, tokens.aliceWrite, list("accepted"))).toEqual([]);

    const handle = (call: string) =>
      ["import json; from huggingface_hub import HfApi", `HfApi().${call}`, "print(json.dumps('done'))"].join("\n");
    expect(await py(version, tokens.aliceWrite, handle(`accept_access_request(${JSON.stringify(repo)}, 'bob')`))).toBe(
      "done",
    );
    expect(await py(version, tokens.aliceWrite, list("accepted"))).toEqual([
      ["bob", "accepted", { Company: "Bob Corp", Country: "FR" }, true],
    ]);
    expect(await py(version, tokens.bobRead, downloadCode(repo, ["config.json"]))).toEqual([CONFIG]);

    // Revoked: refused at once.
    expect(
      await py(
        version,
        tokens.aliceWrite,
        handle(`reject_access_request(${JSON.stringify(repo)}, 'bob', rejection_reason='Not now')`),
      ),
    ).toBe("done");
    expect(await py(version, tokens.bobRead, downloadCode(repo, ["config.json"]))).toEqual([["GatedRepoError", 403]]);
    expect(await py(version, tokens.aliceWrite, list("rejected"))).toEqual([
      ["bob", "rejected", { Company: "Bob Corp", Country: "FR" }, true],
    ]);
    const rejected = (await (
      await call("GET", `/api/models/${repo}/user-access-request/rejected`, tokens.aliceWrite)
    ).json()) as Array<Record<string, unknown>>;
    expect(rejected[0]).toMatchObject({ user: { user: "bob" }, status: "rejected", rejectionReason: "Not now" });
    // Asking again does not undo a rejection.
    expect(await (await call("POST", `/api/models/${repo}/ask-access`, tokens.bobRead, {})).json()).toEqual({
      status: "rejected",
    });

    // Cancelled: back to pending (still refused); granted: allowed.
    expect(await py(version, tokens.aliceWrite, handle(`cancel_access_request(${JSON.stringify(repo)}, 'bob')`))).toBe(
      "done",
    );
    expect(await py(version, tokens.aliceWrite, list("pending"))).toHaveLength(1);
    expect(await py(version, tokens.bobRead, downloadCode(repo, ["config.json"]))).toEqual([["GatedRepoError", 403]]);
    expect(await py(version, tokens.aliceWrite, handle(`grant_access(${JSON.stringify(repo)}, 'carol')`))).toBe("done");
    expect(await py(version, tokens.carolRead, downloadCode(repo, ["config.json"]))).toEqual([CONFIG]);
    // Errors the client documents: accepting an accepted request and granting twice.
    const twice = [
      "import json; from huggingface_hub import HfApi",
      "from huggingface_hub.utils import HfHubHTTPError",
      "out = []",
      `for call in [lambda: HfApi().accept_access_request(${JSON.stringify(repo)}, 'carol'), lambda: HfApi().grant_access(${JSON.stringify(repo)}, 'carol'), lambda: HfApi().accept_access_request(${JSON.stringify(repo)}, 'nobody-here')]:`,
      "    try:",
      "        call(); out.append(None)",
      "    except HfHubHTTPError as error:",
      "        out.append(error.response.status_code)",
      "print(json.dumps(out))",
    ].join("\n");
    expect(await py(version, tokens.aliceWrite, twice)).toEqual([404, 400, 404]);
  }, 240_000);
});

describe("auto gating", () => {
  test("an access request is accepted at once; turning gating off opens the files to all", async () => {
    await gatedRepo("2.0.0", "alice/gated-auto", "auto");
    expect((await call("GET", "/alice/gated-auto/resolve/main/config.json", tokens.daveRead)).status).toBe(403);
    const asked = await call("POST", "/api/models/alice/gated-auto/ask-access", tokens.daveRead, { Company: "D" });
    expect(await asked.json()).toEqual({ status: "accepted" });
    expect((await call("GET", "/alice/gated-auto/resolve/main/config.json", tokens.daveRead)).status).toBe(200);
    const status = await call("GET", "/api/models/alice/gated-auto/ask-access", tokens.daveRead);
    expect(await status.json()).toMatchObject({ gated: "auto", access: true, request: { status: "accepted" } });
    expect((await call("GET", "/alice/gated-auto/resolve/main/config.json")).status).toBe(401);
    await call("PUT", "/api/models/alice/gated-auto/settings", tokens.aliceWrite, { gated: false });
    expect((await call("GET", "/alice/gated-auto/resolve/main/config.json")).status).toBe(200);
  }, 120_000);
});

describe("every byte path of a gated repository", () => {
  const repo = "alice/gated-bytes";
  let lfsOid = "";
  let work = "";

  beforeAll(async () => {
    await gatedRepo("2.0.0", repo, "manual");
    const info = (await (
      await call("POST", `/api/models/${repo}/paths-info/main`, undefined, { paths: ["weights.bin"] })
    ).json()) as Array<{ lfs?: { oid: string } }>;
    lfsOid = info[0]?.lfs?.oid ?? "";
    expect(lfsOid).toMatch(/^[0-9a-f]{64}$/);
    work = mkdtempSync(join(tmpdir(), "hubkit-gating-git-"));
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const batch = (token?: string) =>
    call("POST", `/${repo}.git/info/lfs/objects/batch`, token, {
      operation: "download",
      transfers: ["basic"],
      objects: [{ oid: lfsOid, size: 4096 }],
    });
  const clone = async (user: string | undefined, token: string | undefined, name: string) => {
    const auth = user !== undefined ? `${user}:${token}@` : "";
    return run("git", ["clone", "-q", `${hub.url.replace("http://", `http://${auth}`)}/${repo}`, join(work, name)], {
      env: { ...gitClientEnv(work), GIT_LFS_SKIP_SMUDGE: "1" },
      timeoutMs: 60_000,
    });
  };

  test("refused to others (401 anonymous, 403 signed in, GatedRepo), served to the owner; info stays visible", async () => {
    const commit = ((await (await call("GET", `/api/models/${repo}`)).json()) as { sha: string }).sha;
    for (const [who, token, status] of [
      ["anonymous", undefined, 401],
      ["bob", tokens.bobWrite, 403],
      ["dave (read member of another org)", tokens.daveWrite, 403],
    ] as const) {
      for (const path of [
        `/${repo}/resolve/main/weights.bin`,
        `/${repo}/resolve/main/config.json`,
        `/${repo}/raw/main/config.json`,
        `/${repo}/resolve/main/.gitattributes`, // gated like any file but the card, as on the hub
        `/api/models/${repo}/xet-read-token/main`,
        `/api/models/${repo}/diff/${commit}`,
      ]) {
        const response = await call("GET", path, token);
        expect(response.status, `${who} ${path}`).toBe(status);
        expect(response.headers.get("x-error-code"), `${who} ${path}`).toBe("GatedRepo");
      }
      const head = await call("HEAD", `/${repo}/resolve/main/config.json`, token);
      expect(head.status).toBe(status);
      const lfs = await batch(token);
      expect(lfs.status, `${who} batch`).toBe(status);
      // Visible: info (gated reported), tree, paths-info, refs, commits, the card.
      for (const path of [
        `/api/models/${repo}`,
        `/api/models/${repo}/tree/main`,
        `/api/models/${repo}/refs`,
        `/api/models/${repo}/commits/main`,
        `/${repo}/resolve/main/README.md`,
      ])
        expect((await call("GET", path, token)).status, `${who} ${path}`).toBe(200);
    }
    const anonymousClone = await clone(undefined, undefined, "anonymous");
    expect(anonymousClone.code).not.toBe(0);
    const bobClone = await clone("bob", tokens.bobWrite, "bob");
    expect(bobClone.code).not.toBe(0);
    expect(bobClone.stderr).toContain("not in the authorized list");

    // The owner, a write member of the owning org… (alice owns it; her read token suffices)
    expect((await call("GET", `/${repo}/resolve/main/weights.bin`, tokens.aliceRead)).status).toBe(200);
    expect((await batch(tokens.aliceRead)).status).toBe(200);
    expect((await clone("alice", tokens.aliceRead, "alice")).code).toBe(0);
    // … and the admin.
    expect((await call("GET", `/${repo}/resolve/main/config.json`, ADMIN_TOKEN)).status).toBe(200);
  }, 120_000);

  test("after a grant every path serves bob; after a revocation none does", async () => {
    expect(
      (await call("POST", `/api/models/${repo}/user-access-request/grant`, tokens.aliceWrite, { user: "bob" })).status,
    ).toBe(200);
    const granted = await batch(tokens.bobRead);
    expect(granted.status).toBe(200);
    const objects = ((await granted.json()) as { objects: Array<{ actions?: { download?: { href: string } } }> })
      .objects;
    const href = objects[0]?.actions?.download?.href ?? "";
    expect((await fetch(href)).status).toBe(200);
    expect((await call("GET", `/${repo}/resolve/main/weights.bin`, tokens.bobRead)).status).toBe(200);
    expect((await call("GET", `/api/models/${repo}/xet-read-token/main`, tokens.bobRead)).status).toBe(200);
    expect((await clone("bob", tokens.bobRead, "bob-granted")).code).toBe(0);
    const revoke = await call("POST", `/api/models/${repo}/user-access-request/handle`, tokens.aliceWrite, {
      user: "bob",
      status: "rejected",
    });
    expect(revoke.status).toBe(200);
    expect((await batch(tokens.bobRead)).status).toBe(403);
    // The URL handed out before the revocation no longer serves bob either.
    expect((await fetch(href)).status).toBe(403);
    expect((await call("GET", `/${repo}/resolve/main/weights.bin`, tokens.bobRead)).status).toBe(403);
    expect((await clone("bob", tokens.bobRead, "bob-revoked")).code).not.toBe(0);
  }, 120_000);
});

describe("org repositories and the access matrix of the new routes", () => {
  const repo = "acme/gated-org";
  beforeAll(async () => {
    await gatedRepo("2.0.0", repo, "manual");
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "private-gated", private: true });
    await call("PUT", "/api/models/alice/private-gated/settings", tokens.aliceWrite, { gated: "manual" });
  }, 120_000);

  test("every member of the owning org downloads, whatever the role; outsiders do not", async () => {
    for (const token of [tokens.aliceRead, tokens.carolRead, tokens.daveRead])
      expect((await call("GET", `/${repo}/resolve/main/config.json`, token)).status).toBe(200);
    expect((await call("GET", `/${repo}/resolve/main/config.json`, tokens.bobWrite)).status).toBe(403);
  });

  test("owners' routes: anonymous 401, outsiders and read tokens 403, org writers 200; private = missing", async () => {
    const routes: Array<[string, string, unknown]> = [
      ["GET", "user-access-request/pending", undefined],
      ["POST", "user-access-request/grant", { user: "bob" }],
      ["POST", "user-access-request/handle", { user: "bob", status: "rejected" }],
    ];
    for (const [method, route, body] of routes) {
      const path = `/api/models/${repo}/${route}`;
      expect((await call(method, path, undefined, body)).status, `anonymous ${route}`).toBe(401);
      for (const token of [tokens.bobWrite, tokens.daveWrite, tokens.carolRead, tokens.aliceRead])
        expect((await call(method, path, token, body)).status, `${route}`).toBe(403);
      expect((await call(method, path, tokens.carolWrite, body)).status, `carol ${route}`).toBe(200);
      // Private: exactly the missing-repository answer for whoever may not read it.
      for (const [token, status] of [
        [undefined, 401],
        [tokens.bobWrite, 404],
      ] as const) {
        const hidden = await call(method, `/api/models/alice/private-gated/${route}`, token, body);
        const missing = await call(method, `/api/models/alice/no-such-repo/${route}`, token, body);
        expect([hidden.status, hidden.headers.get("x-error-code"), await hidden.text()]).toEqual([
          status,
          "RepoNotFound",
          await missing.text(),
        ]);
        expect(missing.status).toBe(status);
      }
    }
    // ask-access: anonymous 401, private = missing, not gated = 400; hostile fields refused.
    expect((await call("POST", `/api/models/${repo}/ask-access`, undefined, {})).status).toBe(401);
    expect((await call("POST", "/api/models/alice/private-gated/ask-access", tokens.bobWrite, {})).status).toBe(404);
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "open-model" });
    expect((await call("POST", "/api/models/alice/open-model/ask-access", tokens.bobWrite, {})).status).toBe(400);
    for (const body of [
      { a: { nested: true } },
      { a: "x".repeat(3000) },
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, "v"])),
      { "bad\u0000name": "v" },
      "[1,2]",
      "not json",
    ])
      expect((await call("POST", `/api/models/${repo}/ask-access`, tokens.daveWrite, body)).status).toBe(400);
    expect(
      (await call("POST", `/api/models/${repo}/ask-access`, tokens.bobWrite, `{"a":"${"x".repeat(70_000)}"}`)).status,
    ).toBe(413);
    // handle: bad status, unknown user, no request.
    const handle = (body: unknown) =>
      call("POST", `/api/models/${repo}/user-access-request/handle`, tokens.aliceWrite, body);
    expect((await handle({ user: "bob", status: "maybe" })).status).toBe(400);
    expect((await handle({ user: "nobody-at-all", status: "accepted" })).status).toBe(404);
    expect((await handle({ user: "dave", status: "accepted" })).status).toBe(404);
    expect((await handle({ user: "bob", status: "accepted", rejectionReason: "x" })).status).toBe(400);
    expect((await call("GET", `/api/models/${repo}/user-access-request/everything`, tokens.aliceWrite)).status).toBe(
      404,
    );
    expect(
      (await call("GET", `/api/models/${repo}/user-access-request/pending?cursor=%27%3B--`, tokens.aliceWrite)).status,
    ).toBe(400);
  }, 120_000);
});

describe("gated spaces", () => {
  test("a gated static space is not served as an app; its files need access like any repository's", async () => {
    const created = await call("POST", "/api/repos/create", tokens.aliceWrite, {
      name: "gated-space",
      type: "space",
      sdk: "static",
      files: [{ path: "index.html", content: Buffer.from("<h1>hi</h1>").toString("base64"), encoding: "base64" }],
    });
    expect(created.status).toBe(200);
    expect((await call("GET", "/spaces/alice/gated-space/app/")).status).toBe(200);
    await call("PUT", "/api/spaces/alice/gated-space/settings", tokens.aliceWrite, { gated: "manual" });
    expect((await call("GET", "/spaces/alice/gated-space/app/", tokens.aliceWrite)).status).toBe(404);
    expect((await call("GET", "/spaces/alice/gated-space/resolve/main/index.html", tokens.bobWrite)).status).toBe(403);
    expect((await call("GET", "/spaces/alice/gated-space/resolve/main/index.html", tokens.aliceRead)).status).toBe(200);
  });
});

// Issue 17, finding 1: a private repository reached through another spelling of its id. The old read-only route
// kept for upstream mode decoded `%2F` and served `GET /api/models/alice%2Fsecret?expand[]=siblings&expand[]=cardData`
// to anyone. Here every route family (info, revision, tree, paths-info, refs, commits, diff, like, preupload,
// resolve, raw, git, LFS, runtime, space app) × every spelling of the id (`%2F`, `%2f`, double encoding, `..` and
// `%2e%2e` segments, case variants, encoded letters, a trailing slash, a backslash) × every caller who may not read
// it (anonymous, another user's read and write tokens) must answer exactly as for a repository that does not
// exist, sent on the wire as written (rawRequest: fetch would normalise the dots away).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiFetch } from "./api-call.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";
import { type RawAnswer, rawRequest } from "./raw-http.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

const README = "---\nlicense: mit\nlibrary_name: transformers\npipeline_tag: fill-mask\n---\n# secret card\n";

async function create(token: string, body: Record<string, unknown>): Promise<void> {
  const response = await apiFetch(hub.url, "POST", "/api/repos/create", token, body);
  if (response.status !== 200) throw new Error(`create: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob"]) await hub.user(name);
  tokens.alice = await hub.token("alice", "write");
  tokens.bobRead = await hub.token("bob", "read");
  tokens.bobWrite = await hub.token("bob", "write");
  const files = [{ path: "README.md", content: README, encoding: "utf-8" }];
  for (const type of ["model", "dataset", "space"])
    await create(tokens.alice, { name: "secret", type, visibility: "private", files, sdk: "static" });
}, 120_000);
afterAll(async () => {
  await hub?.close();
});

/** Spellings of `ns/name` in a URL path (both parts given raw; each result is put on the wire as is). */
const SPELLINGS: Record<string, (ns: string, name: string) => string> = {
  plain: (ns, name) => `${ns}/${name}`,
  "%2F": (ns, name) => `${ns}%2F${name}`,
  "%2f": (ns, name) => `${ns}%2f${name}`,
  "double %252F": (ns, name) => `${ns}%252F${name}`,
  "encoded slash and dots": (ns, name) => `${ns}%2F..%2F${ns}%2F${name}`,
  "upper case": (ns, name) => `${ns.toUpperCase()}/${name.toUpperCase()}`,
  "upper %2F": (ns, name) => `${ns.toUpperCase()}%2F${name.toUpperCase()}`,
  "mixed case": (ns, name) => `${ns[0]?.toUpperCase()}${ns.slice(1)}/${name[0]?.toUpperCase()}${name.slice(1)}`,
  "encoded letters": (ns, name) =>
    `%${ns.charCodeAt(0).toString(16)}${ns.slice(1)}/${name.slice(0, -1)}%${name.charCodeAt(name.length - 1).toString(16)}`,
  "dot segment": (ns, name) => `${ns}/x/../${name}`,
  "encoded dot segment": (ns, name) => `${ns}/x/%2e%2e/${name}`,
  "leading dot segment": (ns, name) => `x/../${ns}/${name}`,
  "trailing %2F": (ns, name) => `${ns}/${name}%2F`,
  backslash: (ns, name) => `${ns}%5C${name}`,
  "double slash": (ns, name) => `${ns}//${name}`,
};

interface Route {
  method: string;
  path: (id: string) => string;
  body?: string;
}

const json = (value: unknown) => JSON.stringify(value);
/** Every route family that names a repository, with what each needs. */
const ROUTES: Record<string, Route> = {
  "model info with expand (the old route)": {
    method: "GET",
    path: (id) => `/api/models/${id}?expand[]=siblings&expand[]=cardData`,
  },
  "model info": { method: "GET", path: (id) => `/api/models/${id}` },
  "model info HEAD": { method: "HEAD", path: (id) => `/api/models/${id}` },
  "dataset info": { method: "GET", path: (id) => `/api/datasets/${id}?expand[]=cardData` },
  "space info": { method: "GET", path: (id) => `/api/spaces/${id}` },
  revision: { method: "GET", path: (id) => `/api/models/${id}/revision/main` },
  tree: { method: "GET", path: (id) => `/api/models/${id}/tree/main` },
  "paths-info": {
    method: "POST",
    path: (id) => `/api/models/${id}/paths-info/main`,
    body: json({ paths: ["README.md"] }),
  },
  refs: { method: "GET", path: (id) => `/api/models/${id}/refs` },
  commits: { method: "GET", path: (id) => `/api/models/${id}/commits/main` },
  diff: { method: "GET", path: (id) => `/api/models/${id}/diff/main` },
  like: { method: "POST", path: (id) => `/api/models/${id}/like` },
  preupload: {
    method: "POST",
    path: (id) => `/api/models/${id}/preupload/main`,
    body: json({ files: [{ path: "a.txt", size: 1, sample: "YQ==" }] }),
  },
  runtime: { method: "GET", path: (id) => `/api/spaces/${id}/runtime` },
  resolve: { method: "GET", path: (id) => `/${id}/resolve/main/README.md` },
  "resolve HEAD": { method: "HEAD", path: (id) => `/${id}/resolve/main/README.md` },
  raw: { method: "GET", path: (id) => `/${id}/raw/main/README.md` },
  "dataset resolve": { method: "GET", path: (id) => `/datasets/${id}/resolve/main/README.md` },
  "git info/refs": { method: "GET", path: (id) => `/${id}.git/info/refs?service=git-upload-pack` },
  "lfs batch": {
    method: "POST",
    path: (id) => `/${id}.git/info/lfs/objects/batch`,
    body: json({ operation: "download", objects: [{ oid: "a".repeat(64), size: 1 }] }),
  },
  "space app": { method: "GET", path: (id) => `/spaces/${id}/app/` },
};

/** The missing repository's name in every case, as the private one's (messages may quote the id decoded). */
const NAMES: readonly [string, string][] = [
  ["absent", "secret"],
  ["ABSENT", "SECRET"],
  ["Absent", "Secret"],
];

const CALLERS = ["anonymous", "bobRead", "bobWrite"] as const;

async function send(route: Route, id: string, caller: (typeof CALLERS)[number]): Promise<RawAnswer> {
  const token = caller === "anonymous" ? undefined : tokens[caller];
  return rawRequest(
    hub.url,
    route.method,
    route.path(id),
    {
      ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
      ...(route.body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    route.body,
  );
}

/** What must not differ between the private repository and a missing one. */
function comparable(answer: RawAnswer, replace: readonly [string, string][] = []) {
  const fix = (text: string | undefined) =>
    text === undefined ? text : replace.reduce((out, [from, to]) => out.split(from).join(to), text);
  return {
    status: answer.status,
    body: fix(answer.body),
    type: answer.headers["content-type"],
    code: answer.headers["x-error-code"],
    message: fix(answer.headers["x-error-message"]),
    location: fix(answer.headers.location),
    repoCommit: answer.headers["x-repo-commit"],
  };
}

describe("private equals missing, whatever the spelling of the id", () => {
  test("the owner reads the private repository (the matrix compares against something real)", async () => {
    const info = await rawRequest(hub.url, "GET", "/api/models/alice/secret?expand[]=cardData", {
      Authorization: `Bearer ${tokens.alice}`,
    });
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ cardData: { license: "mit" } });
    const file = await rawRequest(hub.url, "GET", "/alice/secret/resolve/main/README.md", {
      Authorization: `Bearer ${tokens.alice}`,
    });
    expect(file.body).toBe(README);
  });

  test("the old route's request (%2F, expand siblings and cardData) answers exactly like a missing repository", async () => {
    const path = (name: string) => `/api/models/alice%2F${name}?expand[]=siblings&expand[]=cardData`;
    for (const caller of CALLERS) {
      const token: Record<string, string> = caller === "anonymous" ? {} : { Authorization: `Bearer ${tokens[caller]}` };
      const secret = await rawRequest(hub.url, "GET", path("secret"), token);
      const absent = await rawRequest(hub.url, "GET", path("absent"), token);
      expect(secret.body, caller).not.toContain("secret card");
      expect(secret.body, caller).not.toContain("README.md");
      expect(comparable(secret), caller).toEqual(comparable(absent, NAMES));
      expect(secret.status, caller).toBeGreaterThanOrEqual(400);
    }
  });

  for (const [routeName, route] of Object.entries(ROUTES))
    test(`${routeName}: every spelling × every caller answers as missing`, async () => {
      for (const [spelling, spell] of Object.entries(SPELLINGS))
        for (const caller of CALLERS) {
          const secretId = spell("alice", "secret");
          const absentId = spell("alice", "absent");
          const secret = await send(route, secretId, caller);
          const absent = await send(route, absentId, caller);
          const where = `${route.method} ${route.path(secretId)} (${spelling}) as ${caller}`;
          // Only the site's page may answer 2xx (an unknown path is a client-side route), never repository data.
          if (secret.status < 300) expect(secret.headers["content-type"], where).toMatch(/^text\/html/);
          expect(secret.body, where).not.toContain("secret card");
          expect(comparable(secret), where).toEqual(comparable(absent, [[absentId, secretId], ...NAMES]));
        }
    }, 60_000);
});

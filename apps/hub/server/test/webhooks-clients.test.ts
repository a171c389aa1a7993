// Webhooks and the likes listings through the official Python clients (huggingface_hub 2.0.0 and 1.33.0, as
// installed): create_webhook (plain dict and WebhookWatchedItem items), list_webhooks, get_webhook, update_webhook,
// disable_webhook, enable_webhook, delete_webhook, the client's own errors for a missing webhook; a delivery the
// client's upload_file causes reaches a real receiver, and parses with huggingface_hub's WebhookPayload model when
// pydantic is installed. list_liked_repos and list_repo_likers (pagination included), unlike, and a private
// repository's like never listed to others.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiFetch } from "./api-call.js";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { python, startTestHub, type TestHub } from "./hub-harness.js";
import { type Receiver, startReceiver } from "./webhook-receiver.js";

let hub: TestHub;
let receiver: Receiver;
let bob = "";

async function token(user: string): Promise<string> {
  const answer = (await (await hub.admin("/api/admin/tokens", { user, role: "write", name: "w" })).json()) as {
    token: string;
  };
  return answer.token;
}

async function as(tokenValue: string, method: string, path: string, body?: unknown): Promise<number> {
  const response = await apiFetch(hub.url, method, path, tokenValue, body);
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  hub = await startTestHub("webhooks-clients");
  receiver = await startReceiver();
  expect((await hub.admin("/api/admin/users", { name: "bob" })).status).toBe(200);
  bob = await token("bob");
}, 60_000);
afterAll(async () => {
  await hub?.close();
  await receiver?.close();
});

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  const tag = version.replace(/\./g, "-");
  const repo = `alice/hooked-${tag}`;

  test("every webhook method, and a delivery caused by an upload", async () => {
    const path = `/py-${tag}`;
    const result = await python(
      version,
      hub,
      `
import json
from dataclasses import asdict
from huggingface_hub import HfApi, WebhookWatchedItem
from huggingface_hub.utils import HfHubHTTPError
api = HfApi(token=${JSON.stringify(hub.writeToken)})
out = {}
def info(w):
    return {"id": w.id, "url": w.url, "watched": [asdict(i) for i in w.watched], "domains": w.domains,
            "secret": w.secret, "disabled": w.disabled, "job": w.job}
w = api.create_webhook(url=${JSON.stringify(`${receiver.url}/ignored`)},
    watched=[{"type": "user", "name": "nobody-here"}, WebhookWatchedItem(type="model", name=${JSON.stringify(repo)})],
    domains=["repo", "discussion"], secret="py-secret")
out["created"] = info(w)
out["listed"] = [x.id for x in api.list_webhooks()]
out["got"] = info(api.get_webhook(w.id))
out["updated"] = info(api.update_webhook(w.id, url=${JSON.stringify(`${receiver.url}${path}`)}, domains=["repo"]))
out["disabled"] = api.disable_webhook(w.id).disabled
out["enabled"] = api.enable_webhook(w.id).disabled
api.create_repo(${JSON.stringify(repo)})
commit = api.upload_file(path_or_fileobj=b"hello", path_in_repo="a.txt", repo_id=${JSON.stringify(repo)})
out["commit"] = commit.oid
try:
    api.create_webhook(url="ftp://example.org", watched=[{"type": "user", "name": "alice"}])
except HfHubHTTPError as e:
    out["bad"] = [e.response.status_code, "http" in str(e)]
out["id"] = w.id
print(json.dumps(out))
`,
    );
    expect(result.code, result.stderr).toBe(0);
    const out = lastJson(result.stdout);
    const id = String(out.id);
    expect(out.created).toEqual({
      id,
      url: `${receiver.url}/ignored`,
      watched: [
        { type: "user", name: "nobody-here" },
        { type: "model", name: repo },
      ],
      domains: ["repo", "discussion"],
      secret: "py-secret",
      disabled: false,
      job: null,
    });
    expect(out.listed).toContain(id);
    expect(out.got).toEqual(out.created);
    // update_webhook without `watched` keeps them (the client sends `watched: []`).
    expect(out.updated).toMatchObject({
      url: `${receiver.url}${path}`,
      domains: ["repo"],
      watched: (out.created as { watched: unknown }).watched,
    });
    expect(out.disabled).toBe(true);
    expect(out.enabled).toBe(false);
    expect(out.bad).toEqual([400, true]);

    // The creation and the upload reach the receiver, with the secret.
    const delivered = await receiver.waitFor(path, 2);
    expect(delivered.map((entry) => (entry.body.event as { scope: string }).scope)).toEqual(["repo", "repo.content"]);
    expect(delivered[1]?.headers["x-webhook-secret"]).toBe("py-secret");
    expect(delivered[1]?.body.repo).toMatchObject({ name: repo, headSha: out.commit });

    // The payload parses with the client's own model (when pydantic is there), and the webhook goes away.
    const parsed = await python(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi
from huggingface_hub.utils import HfHubHTTPError
out = {}
try:
    import pydantic
    from huggingface_hub import WebhookPayload
    p = WebhookPayload.model_validate(json.loads(${JSON.stringify(JSON.stringify(delivered[1]?.body))}))
    out["payload"] = [p.event.action, p.event.scope, p.repo.name, p.repo.type, p.webhook.version, p.updatedRefs[0].ref]
except ImportError:
    out["payload"] = "no pydantic"
api = HfApi(token=${JSON.stringify(hub.writeToken)})
api.delete_webhook(${JSON.stringify(id)})
try:
    api.get_webhook(${JSON.stringify(id)})
except HfHubHTTPError as e:
    out["gone"] = e.response.status_code
print(json.dumps(out))
`,
    );
    expect(parsed.code, parsed.stderr).toBe(0);
    const after = lastJson(parsed.stdout);
    expect(after.gone).toBe(404);
    if (after.payload !== "no pydantic")
      expect(after.payload).toEqual(["update", "repo.content", repo, "model", 3, "refs/heads/main"]);
  });

  test("list_liked_repos, list_repo_likers, unlike; private likes stay private", async () => {
    const shared = `alice/liked-${tag}`;
    const hidden = `bob/hidden-${tag}`;
    expect(await as(hub.writeToken, "POST", "/api/repos/create", { name: `liked-${tag}` })).toBe(200);
    expect(await as(bob, "POST", "/api/repos/create", { name: `hidden-${tag}`, private: true })).toBe(200);
    expect(await as(bob, "POST", `/api/models/${shared}/like`)).toBe(200);
    expect(await as(bob, "POST", `/api/models/${hidden}/like`)).toBe(200);
    expect(await as(hub.writeToken, "POST", `/api/models/${shared}/like`)).toBe(200);
    const result = await python(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi
from huggingface_hub.utils import HfHubHTTPError, RepositoryNotFoundError
alice = HfApi(token=${JSON.stringify(hub.writeToken)})
bob = HfApi(token=${JSON.stringify(bob)})
out = {}
seen_by_alice = alice.list_liked_repos("bob")
mine = lambda names: [n for n in names if n.endswith(${JSON.stringify(tag)})]  # the other client version's likes too
out["alice_sees"] = [seen_by_alice.user, seen_by_alice.total == len(seen_by_alice.models), mine(seen_by_alice.models)]
seen_by_bob = bob.list_liked_repos()
out["bob_sees"] = sorted(mine(seen_by_bob.models))
out["likers"] = sorted((u.username, u.fullname is not None) for u in alice.list_repo_likers(${JSON.stringify(shared)}))
try:
    list(alice.list_repo_likers(${JSON.stringify(hidden)}))
except RepositoryNotFoundError:
    out["hidden_likers"] = "not found"
out["bob_hidden_likers"] = [u.username for u in bob.list_repo_likers(${JSON.stringify(hidden)})]
bob.unlike(${JSON.stringify(shared)})
out["after_unlike"] = mine(bob.list_liked_repos("bob").models)
print(json.dumps(out))
`,
    );
    expect(result.code, result.stderr).toBe(0);
    const out = lastJson(result.stdout);
    expect(out.alice_sees).toEqual(["bob", true, [shared]]);
    expect(out.bob_sees).toEqual([hidden, shared].sort());
    expect(out.likers).toEqual([
      ["alice", true],
      ["bob", true],
    ]);
    expect(out.hidden_likers).toBe("not found");
    expect(out.bob_hidden_likers).toEqual(["bob"]);
    expect(out.after_unlike).toEqual([hidden]);
  });
});

describe("the likes listings over HTTP", () => {
  test("pages with Link, bounds, unknown users, anonymous callers", async () => {
    for (let n = 0; n < 3; n++) {
      expect(await as(hub.writeToken, "POST", "/api/repos/create", { name: `page-${n}` })).toBe(200);
      expect(await as(bob, "POST", `/api/models/alice/page-${n}/like`)).toBe(200);
    }
    const first = await fetch(`${hub.url}/api/users/bob/likes?limit=2`);
    expect(first.status).toBe(200);
    const firstPage = (await first.json()) as { repo: { name: string; type: string }; createdAt: string }[];
    expect(firstPage).toHaveLength(2);
    expect(firstPage[0]?.repo).toEqual({ name: expect.stringMatching(/^(alice|bob)\//), type: "model" });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const second = (await (await fetch(String(next))).json()) as { repo: { name: string } }[];
    expect(second.length).toBeGreaterThan(0);
    expect(second.map((like) => like.repo.name)).not.toContain(firstPage[0]?.repo.name);
    // Anonymous callers never see bob's like of his private repository.
    const all = (await (await fetch(`${hub.url}/api/users/bob/likes?limit=1000`)).json()) as {
      repo: { name: string };
    }[];
    expect(all.some((like) => like.repo.name.startsWith("bob/hidden"))).toBe(false);
    expect((await fetch(`${hub.url}/api/models/bob/hidden-2-0-0/likers`)).status).toBe(401);
    for (const query of [
      "limit=0",
      "limit=1001",
      "limit=x",
      "cursor=bad",
      `cursor=${Buffer.from("o:9999999").toString("base64url")}`,
    ])
      expect((await fetch(`${hub.url}/api/users/bob/likes?${query}`)).status).toBe(400);
    expect((await fetch(`${hub.url}/api/users/nobody-at-all/likes`)).status).toBe(404);
    expect((await fetch(`${hub.url}/api/users/..%2F..%2Fetc/likes`)).status).toBe(404);
    expect((await fetch(`${hub.url}/api/models/alice/missing/likers`)).status).toBe(401);
  });
});

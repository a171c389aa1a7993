// Issue 19: a hub API route Hubkit does not implement answers 501 naming the feature (never the catch-all's 405,
// which reads as a wrong method); an unknown path is 404; a known route called with a wrong method keeps 405 with
// the methods it takes. Also through huggingface_hub 2.0.0 and 1.33.0 (paper_info, add_space_secret).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let token = "";

beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("alice");
  token = await hub.token("alice", "write");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${hub.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

describe("501 for hub features Hubkit lacks", () => {
  const cases: Array<[string, string, string]> = [
    ["POST", "/api/posts", "Posts"],
    ["GET", "/api/papers/2311.12983", "Papers"],
    ["GET", "/api/papers/search?q=x", "Papers"],
    ["GET", "/api/daily_papers", "Papers"],
    ["GET", "/api/users/alice/followers", "User profiles"],
    ["POST", "/api/spaces/alice/app/secrets", "Spaces secrets"],
    ["DELETE", "/api/spaces/alice/app/variables", "Spaces variables"],
    ["POST", "/api/spaces/alice/app/hardware", "Spaces hardware"],
    ["POST", "/api/spaces/alice/app/restart", "Spaces runtime control (restart, pause)"],
    ["GET", "/api/spaces/hardware", "Spaces hardware"],
    ["POST", "/api/jobs/alice", "Jobs"],
    ["POST", "/api/scheduled-jobs/alice", "Scheduled jobs"],
    ["POST", "/api/buckets/alice/b", "Buckets"],
    ["POST", "/api/models/alice/m/duplicate", "Repository duplication"],
    ["POST", "/api/models/alice/m/lfs-files/duplicate", "Repository duplication"],
    ["GET", "/api/models-tags-by-type", "Tags by type"],
  ];
  for (const [method, path, feature] of cases)
    test(`${method} ${path} → 501 ${feature}`, async () => {
      const response = await call(method, path, method === "GET" || method === "DELETE" ? undefined : {});
      expect(response.status).toBe(501);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = (await response.json()) as { error: string; feature: string };
      expect(body.feature).toBe(feature);
      expect(body.error).toContain(feature);
      expect(body.error).toContain("not supported by this hub");
      expect(response.headers.get("x-error-message")).toBe(body.error);
    });

  test("an unknown path is 404 whatever the method; a known route with a wrong method is 405 with Allow", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const response = await call(method, "/api/no-such-thing/at/all", method === "GET" ? undefined : {});
      expect(response.status, method).toBe(404);
    }
    const wrong = await call("POST", "/api/models", {});
    expect(wrong.status).toBe(405);
    expect(await wrong.json()).toEqual({ error: "Method POST not allowed" });
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    const settings = await call("POST", "/api/models/alice/m/settings", {});
    expect(settings.status).toBe(405);
    expect(settings.headers.get("allow")).toBe("PUT");
    // Hubkit's own routes still answer (the catch-all comes last).
    expect((await call("POST", "/api/repos/create", { name: "m" })).status).toBe(200);
  });
});

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  test("paper_info and add_space_secret raise HfHubHTTPError 501 naming the feature", async () => {
    const code = [
      "import json; from huggingface_hub import HfApi",
      "from huggingface_hub.utils import HfHubHTTPError",
      "out = []",
      "for call in [lambda: HfApi().paper_info('2311.12983'), lambda: HfApi().add_space_secret('alice/app', 'K', 'v')]:",
      "    try:",
      "        call(); out.append(None)",
      "    except HfHubHTTPError as error:",
      "        out.append([error.response.status_code, str(error)])",
      "print(json.dumps(out))",
    ].join("\n");
    const result = await runPython(version, hub.url, token, code);
    expect(result.stderr).not.toMatch(/Traceback/);
    const [paper, secret] = JSON.parse(result.stdout) as Array<[number, string]>;
    expect(paper?.[0]).toBe(501);
    expect(paper?.[1]).toContain("Papers are not supported by this hub");
    expect(secret?.[0]).toBe(501);
    expect(secret?.[1]).toContain("Spaces secrets are not supported by this hub");
  }, 60_000);
});

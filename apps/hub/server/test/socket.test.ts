// Over real sockets on 127.0.0.1: the local server, and a second server in upstream mode proxying to it.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { type RunningServer, startServer } from "../src/server.js";
import { nextCursorFromLink } from "../src/source/upstream-backend.js";
import { temporaryFolder, writeJsonl } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const work = temporaryFolder("socket");
const seedFile = writeJsonl(join(work, "seed.jsonl"), FIXTURE_MODELS);

describe("server on a real socket", () => {
  let local: RunningServer;
  let proxy: RunningServer;

  beforeAll(async () => {
    const env = { PORT: "0", HUBKIT_DATA_DIR: ":memory:", HUBKIT_SEED: seedFile, HUBKIT_WEB_DIST: join(work, "none") };
    local = await startServer(loadConfig(env));
    proxy = await startServer(loadConfig({ ...env, HUBKIT_UPSTREAM_HUB: `${local.url}/` }));
  });
  afterAll(async () => {
    await proxy?.close();
    await local?.close();
  });

  it("listens on 127.0.0.1 and seeds the index", async () => {
    expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await (await fetch(`${local.url}/api/health`)).json();
    expect(health).toEqual({
      status: "ok",
      mode: "local",
      database: "pglite",
      models: FIXTURE_MODELS.length,
      // Readiness of the database, the repository volume and the object store (instances/health.ts).
      checks: { database: { status: "ok" }, repositories: { status: "ok" }, objects: { status: "ok" } },
    });
    const home = await fetch(`${local.url}/`);
    expect(await home.text()).toContain("The web app has not been built yet");
  });

  it("proxies reads to the upstream hub", async () => {
    const health = await (await fetch(`${proxy.url}/api/health`)).json();
    expect(health).toEqual({ status: "ok", mode: "upstream", upstream: local.url });
    const mapping = await fetch(`${proxy.url}/api/models/Qwen/Qwen2.5-7B-Instruct?expand[]=inferenceProviderMapping`);
    expect(await mapping.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/), // hub-api.md §2.2: every repository info has `_id`
      id: "Qwen/Qwen2.5-7B-Instruct",
      inferenceProviderMapping: {
        together: { providerId: "Qwen/Qwen2.5-7B-Instruct-Turbo", status: "live", task: "conversational" },
      },
    });
    const missing = await fetch(`${proxy.url}/api/models/nobody/nothing`);
    expect(missing.status).toBe(404);
    const tasks = await (await fetch(`${proxy.url}/api/tasks`)).json();
    expect(tasks).toEqual(await (await fetch(`${local.url}/api/tasks`)).json());
  });

  it("proxies searches page by page, with its own Link header", async () => {
    const first = await fetch(`${proxy.url}/api/models?sort=likes&limit=2`);
    const ids = ((await first.json()) as { id: string }[]).map((model) => model.id);
    expect(ids).toEqual(["Qwen/Qwen2.5-7B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"]);
    const link = first.headers.get("link");
    expect(link).toMatch(/^<\/api\/models\?sort=likes&limit=2&cursor=[\w-]+>; rel="next"$/);
    const second = await fetch(`${proxy.url}${/<([^>]+)>/.exec(link ?? "")?.[1]}`);
    expect(((await second.json()) as { id: string }[])[0]?.id).toBe("openai/whisper-large-v3");
  });

  it("validates input before forwarding anything", async () => {
    const response = await fetch(`${proxy.url}/api/models?limit=5000`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: '"limit" must be an integer between 1 and 1000' });
  });

  it("answers 502 when the upstream hub is unreachable", async () => {
    const dead = await startServer(
      loadConfig({ PORT: "0", HUBKIT_UPSTREAM_HUB: "http://127.0.0.1:9/", HUBKIT_WEB_DIST: join(work, "none") }),
    );
    try {
      const response = await fetch(`${dead.url}/api/models/gpt2`);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Upstream hub unreachable/);
    } finally {
      await dead.close();
    }
  });

  it("reads the next cursor out of a Link header", () => {
    expect(nextCursorFromLink('<https://hub.example/api/models?limit=2&cursor=abc>; rel="next"')).toBe("abc");
    expect(nextCursorFromLink(null)).toBeUndefined();
    expect(nextCursorFromLink('<https://hub.example/api/models?limit=2>; rel="prev"')).toBeUndefined();
  });
});

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { LocalBackend } from "../src/source/local-backend.js";
import { ModelStore } from "../src/store/model-store.js";
import { NO_BUILD_PAGE, WebAssets } from "../src/web-assets.js";
import { testDatabases } from "./backends.js";
import { temporaryFolder } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const dist = temporaryFolder("dist");
mkdirSync(join(dist, "assets"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Hubkit SPA</title>");
writeFileSync(join(dist, "assets", "app.js"), "console.log('app');");
writeFileSync(join(dist, "assets", "demo.wav"), "RIFF");

for (const database of testDatabases()) {
  describe(`API on ${database.name}`, () => {
    let app: ReturnType<typeof createApp>;
    let store: ModelStore;
    const get = async (path: string) => {
      const response = await app.request(path);
      const type = response.headers.get("content-type") ?? "";
      // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
      const body: any = type.includes("json") ? await response.json() : await response.text();
      return { response, body };
    };
    const expectError = async (path: string, status: number, message: string | RegExp) => {
      const { response, body } = await get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(body.error).toMatch(message);
    };

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(FIXTURE_MODELS);
      app = createApp({ backend: new LocalBackend(store), web: new WebAssets(dist) });
    });
    afterAll(async () => {
      await store?.close();
      await database.cleanup();
    });

    it("GET /api/health reports the backend and the model count", async () => {
      const { response, body } = await get("/api/health");
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(body).toEqual({ status: "ok", mode: "local", database: store.db.kind, models: FIXTURE_MODELS.length });
    });

    it("GET /api/models lists hub-style summaries", async () => {
      const { response, body } = await get("/api/models?search=llama&limit=1");
      expect(response.status).toBe(200);
      expect(body).toEqual([
        {
          id: "meta-llama/Llama-3.1-8B-Instruct",
          modelId: "meta-llama/Llama-3.1-8B-Instruct",
          author: "meta-llama",
          pipeline_tag: "text-generation",
          library_name: "transformers",
          tags: ["transformers", "llama", "conversational"],
          downloads: 5000,
          likes: 300,
          lastModified: "2024-09-25T14:00:00.000Z",
          createdAt: null,
          private: false,
        },
      ]);
    });

    it("filters with the hub's parameter names", async () => {
      const ids = async (query: string) =>
        ((await get(`/api/models?${query}`)).body as { id: string }[]).map((m) => m.id);
      expect(await ids("pipeline_tag=text-to-image")).toEqual(["black-forest-labs/FLUX.1-schnell"]);
      expect(await ids("library=gguf")).toEqual(["bartowski/Meta-Llama-3.1-8B-Instruct-GGUF"]);
      expect(await ids("inference_provider=fal-ai")).toEqual(["black-forest-labs/FLUX.1-schnell"]);
      expect(await ids("provider=together&sort=likes")).toEqual([
        "Qwen/Qwen2.5-7B-Instruct",
        "meta-llama/Llama-3.1-8B-Instruct",
      ]);
      expect(await ids("filter=conversational&filter=gguf")).toEqual(["bartowski/Meta-Llama-3.1-8B-Instruct-GGUF"]);
      expect(await ids("author=openai")).toEqual(["openai/whisper-large-v3"]);
      expect(await ids("search=")).toHaveLength(FIXTURE_MODELS.length);
    });

    it("pages through results with the cursor of the Link header", async () => {
      const seen: string[] = [];
      let path: string | undefined = "/api/models?sort=lastModified&limit=4";
      let pages = 0;
      while (path !== undefined) {
        const { response, body } = await get(path);
        expect(response.status).toBe(200);
        seen.push(...(body as { id: string }[]).map((model) => model.id));
        const link = response.headers.get("link");
        path = link === null ? undefined : /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
        pages += 1;
      }
      expect(pages).toBe(2);
      expect(new Set(seen).size).toBe(FIXTURE_MODELS.length);
      expect(seen.slice(0, 3)).toEqual([
        "Qwen/Qwen2.5-7B-Instruct",
        "meta-llama/Llama-3.1-8B-Instruct",
        "openai/whisper-large-v3",
      ]);
    });

    it("GET /api/models/{id}?expand[]=inferenceProviderMapping answers in the shape the client reads", async () => {
      const { response, body } = await get(
        "/api/models/meta-llama/Llama-3.1-8B-Instruct?expand[]=inferenceProviderMapping",
      );
      expect(response.status).toBe(200);
      expect(body).toEqual({
        id: "meta-llama/Llama-3.1-8B-Instruct",
        inferenceProviderMapping: {
          together: {
            providerId: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo",
            status: "live",
            task: "conversational",
          },
          "hf-inference": { providerId: "meta-llama/Llama-3.1-8B-Instruct", status: "staging", task: "conversational" },
        },
      });
      const none = await get("/api/models/openai/whisper-large-v3?expand%5B%5D=inferenceProviderMapping");
      expect(none.body).toEqual({ id: "openai/whisper-large-v3", inferenceProviderMapping: {} });
    });

    it("GET /api/models/{id} returns the full record, also for ids without a namespace", async () => {
      const gguf = await get("/api/models/bartowski/Meta-Llama-3.1-8B-Instruct-GGUF");
      expect(gguf.body).toMatchObject({
        id: "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF",
        author: "bartowski",
        gguf: { architecture: "llama", context_length: 131072 },
        library_name: "gguf",
      });
      const gpt2 = await get("/api/models/gpt2?expand[]=pipeline_tag&expand[]=tags");
      expect(gpt2.body).toEqual({ id: "gpt2", pipeline_tag: "text-generation", tags: ["transformers"] });
    });

    it("GET /api/tasks maps each task to its models (default model first)", async () => {
      const { response, body } = await get("/api/tasks");
      expect(response.status).toBe(200);
      const tasks = body as Record<string, { id: string; label: string; models: { id: string }[] }>;
      for (const [id, task] of Object.entries(tasks)) {
        expect(task.id).toBe(id);
        expect(typeof task.label).toBe("string");
        expect(Array.isArray(task.models)).toBe(true);
      }
      expect(tasks["text-generation"]?.models.length).toBeGreaterThan(0);
    });

    it("GET /api/libraries lists libraries with model counts", async () => {
      const { response, body } = await get("/api/libraries");
      expect(response.status).toBe(200);
      const libraries = body as { key: string; prettyLabel: string; models: number }[];
      const transformers = libraries.find((library) => library.key === "transformers");
      expect(transformers?.models).toBe(4);
      expect(typeof transformers?.prettyLabel).toBe("string");
    });

    it.each([
      ["/api/models?limit=0", 400, /"limit" must be an integer between 1 and 1000/],
      ["/api/models?limit=100000000", 400, /"limit" must be an integer between 1 and 1000/],
      ["/api/models?limit=1e3", 400, /"limit"/],
      ["/api/models?limit=-5", 400, /"limit"/],
      ["/api/models?limit=10&limit=20", 400, /"limit" must be given at most once/],
      ["/api/models?sort=popularity", 400, /"sort" must be one of/],
      ["/api/models?sort=__proto__", 400, /"sort" must be one of/],
      ["/api/models?direction=up", 400, /"direction" must be -1 or 1/],
      ["/api/models?cursor=not-a-cursor", 400, /Invalid "cursor"/],
      [`/api/models?cursor=${Buffer.from('["1; DROP TABLE hub_models","x"]').toString("base64url")}`, 400, /cursor/],
      [`/api/models?cursor=${Buffer.from('["5","a\\u0000b"]').toString("base64url")}`, 400, /Invalid "cursor"/],
      [`/api/models?cursor=${Buffer.from('["5",""]').toString("base64url")}`, 400, /Invalid "cursor"/],
      [`/api/models?search=${"a".repeat(300)}`, 400, /"search" must be at most 250/],
      ["/api/models?pipeline_tag=text%27%3B%20DROP%20TABLE%20hub_models%3B--", 400, /Invalid value for "pipeline_tag"/],
      ["/api/models?library=a%00b", 400, /Invalid value for "library"/],
      ["/api/models?author=%27%20OR%201%3D1", 400, /Invalid value for "author"/],
      ["/api/models?filter=%7Ba%2Cb%7D", 400, /Invalid value for "filter"/],
      ["/api/models?provider=together&inference_provider=fal-ai", 400, /disagree/],
      ["/api/models/nobody/nothing", 404, /Repository not found: nobody\/nothing/],
      ["/api/models/a..b/c", 400, /Invalid model id/],
      ["/api/models/-bad/name", 400, /Invalid model id/],
      ["/api/models/gpt2?expand[]=password", 400, /Invalid "expand\[\]" value/],
      ["/api/nothing-here", 404, /Not found/],
      ["/api/models/a/b/c", 404, /Not found/],
    ])("GET %s → %i", async (path, status, message) => {
      await expectError(path, status, message);
    });

    it("answers search injection attempts with data, not errors, and keeps the table", async () => {
      const { response, body } = await get(`/api/models?search=${encodeURIComponent("'; DROP TABLE hub_models; --")}`);
      expect(response.status).toBe(200);
      expect(body).toEqual([]);
      expect((await get("/api/health")).body.models).toBe(FIXTURE_MODELS.length);
    });

    it("refuses other methods on the API and very long URLs", async () => {
      const post = await app.request("/api/models", { method: "POST", body: "{}" });
      expect(post.status).toBe(405);
      expect(await post.json()).toEqual({ error: "Method POST not allowed" });
      const long = await app.request(`/api/models?search=${"x".repeat(9000)}`);
      expect(long.status).toBe(414);
    });

    it("serves the web app: files, SPA fallback, no way out of the dist folder", async () => {
      const asset = await app.request("/assets/app.js");
      expect(asset.headers.get("content-type")).toContain("text/javascript");
      expect(await asset.text()).toBe("console.log('app');");
      for (const route of ["/", "/models/meta-llama/Llama-3.1-8B-Instruct", "/tasks"]) {
        const page = await app.request(route);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain("Hubkit SPA");
      }
      expect((await app.request("/assets/demo.wav")).headers.get("content-type")).toBe("audio/wav");
      expect((await app.request("/assets/missing.js")).status).toBe(404);
      for (const outside of [
        "/..%2f..%2f..%2fetc%2fpasswd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/assets/..%2f..%2fpackage.json",
      ]) {
        const response = await app.request(outside);
        const text = await response.text();
        expect(text).not.toContain("root:");
        expect(text).not.toContain('"name"');
      }
    });
  });
}

describe("web app not built", () => {
  it("serves a page that says so and links the API", async () => {
    const response = await new WebAssets(join(dist, "does-not-exist")).respond("/");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toBe(NO_BUILD_PAGE);
    expect(text).toContain('href="/api/models?limit=20"');
  });
});

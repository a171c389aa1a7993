import { describe, expect, test } from "vitest";
import { useEmulator } from "./helpers.js";

const ctx = useEmulator();

describe("hub API", () => {
  test("model with the provider mapping in object form", async () => {
    const res = await ctx.emu.fetch(
      "https://huggingface.co/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping",
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.id).toBe("black-forest-labs/FLUX.1-dev");
    expect(body.inferenceProviderMapping).toMatchObject({
      "fal-ai": { providerId: "fal-ai/flux/dev", status: "live", task: "text-to-image" },
    });
    const [req] = ctx.emu.requests;
    expect(req).toMatchObject({
      method: "GET",
      host: "huggingface.co",
      service: "hub",
      url: "https://huggingface.co/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping",
    });
  });

  test("array mapping form, staging entries and the mapping only when expanded", async () => {
    const arr = await (
      await ctx.emu.fetch("https://huggingface.co/api/models/acme/array-mapping?expand[]=inferenceProviderMapping")
    ).json();
    expect(arr.inferenceProviderMapping).toEqual([
      { provider: "together", providerId: "acme/array-mapping-turbo", status: "live", task: "conversational" },
    ]);
    const staging = await (
      await ctx.emu.fetch("https://huggingface.co/api/models/acme/staging-diffusion?expand[]=inferenceProviderMapping")
    ).json();
    expect(staging.inferenceProviderMapping["fal-ai"].status).toBe("staging");
    const plain = await (await ctx.emu.fetch("https://huggingface.co/api/models/acme/staging-diffusion")).json();
    expect(plain.inferenceProviderMapping).toBeUndefined();
  });

  test("unknown model → 404, bad auth scheme → 401, tasks table", async () => {
    expect((await ctx.emu.fetch("https://huggingface.co/api/models/nobody/nothing")).status).toBe(404);
    const bad = await ctx.emu.fetch("https://huggingface.co/api/tasks", { headers: { Authorization: "Key x" } });
    expect(bad.status).toBe(401);
    const tasks = await (await ctx.emu.fetch("https://huggingface.co/api/tasks")).json();
    expect(tasks["text-classification"].models[0].id).toBe(
      "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
    );
    expect(tasks["text-to-video"].models[0].id).toBe("Lightricks/LTX-Video");
  });

  test("models can be added at run time and the hub is reachable on the emulator origin", async () => {
    ctx.emu.addModels({
      id: "me/new",
      pipeline_tag: "text-generation",
      inferenceProviderMapping: { novita: { providerId: "me/new-n", status: "live", task: "conversational" } },
    });
    const res = await fetch(`${ctx.emu.url}/api/models/me/new?expand[]=inferenceProviderMapping`);
    expect((await res.json()).inferenceProviderMapping.novita.providerId).toBe("me/new-n");
    expect(ctx.emu.requests[0].host).toBe(`127.0.0.1:${ctx.emu.port}`);
  });
});

// Provider-mapping look-ups (inference.md §5): exact hub URL and auth, caching per model, shared in-flight
// look-ups, failures not cached, staging warning, array form; one resolution per call (also when polling).
import { describe, expect, test, vi } from "vitest";
import { fn, HF_TOKEN, PROVIDER_KEY, rejection, useHarness } from "./helpers.js";

const h = useHarness();
let counter = 0;

/** A model unique to the test (the client caches mappings per model id for the whole process). */
function freshModel(
  provider = "together",
  task = "conversational",
  status: "live" | "staging" = "live",
  form: "object" | "array" = "object",
) {
  const id = `fresh/model-${++counter}-${Date.now()}`;
  h.emu.addModels({
    id,
    pipeline_tag: "text-generation",
    mappingForm: form,
    inferenceProviderMapping: { [provider]: { providerId: "meta-llama/Llama-3.3-70B-Instruct-Turbo", status, task } },
  });
  return id;
}
const chat = (model: string, extra: Record<string, unknown> = {}) =>
  fn("chatCompletion")({ model, provider: "together", messages: [{ role: "user", content: "x" }], ...extra }, h.opts());

describe("hub look-up request", () => {
  test.each([
    ["hf_ token", HF_TOKEN, `Bearer ${HF_TOKEN}`],
    ["provider key", PROVIDER_KEY, undefined],
    ["no token", undefined, undefined],
  ])("%s", async (_name, token, authorization) => {
    const model = freshModel();
    await chat(model, token ? { accessToken: token } : {});
    const [lookup] = h.hubCalls();
    expect(lookup.method).toBe("GET");
    expect(lookup.url).toBe(`https://huggingface.co/api/models/${model}?expand[]=inferenceProviderMapping`);
    expect(lookup.headers.authorization).toBe(authorization);
    expect(h.calls()[0].json).toMatchObject({ model: "meta-llama/Llama-3.3-70B-Instruct-Turbo" });
  });
});

describe("caching", () => {
  test("a second call for the same model does not hit the hub", async () => {
    const model = freshModel();
    await chat(model);
    await chat(model);
    expect(h.hubCalls()).toHaveLength(1);
    expect(h.calls()).toHaveLength(2);
  });

  test("concurrent look-ups of one model share one request", async () => {
    const model = freshModel();
    h.emu.inject({ match: { includeHub: true, path: model }, delayMs: 100 });
    await Promise.all([chat(model), chat(model), chat(model)]);
    expect(h.hubCalls()).toHaveLength(1);
    expect(h.calls()).toHaveLength(3);
  });

  test("failures are not cached", async () => {
    const model = freshModel();
    h.emu.inject({ match: { includeHub: true, path: model }, status: 500, body: "hub down" });
    const error = await rejection(chat(model));
    expect(error.message).toBe(`We have not been able to find inference provider information for model ${model}.`);
    await chat(model);
    expect(h.hubCalls()).toHaveLength(2);
  });

  test("a non-JSON hub answer counts as no mapping", async () => {
    const model = freshModel();
    h.emu.inject({ match: { includeHub: true, path: model }, body: "<html>", contentType: "text/html" });
    const error = await rejection(chat(model));
    expect(error.message).toBe(`We have not been able to find inference provider information for model ${model}.`);
  });

  test("textToVideo with polling resolves once and builds the request once", async () => {
    const model = `fresh/video-${Date.now()}`;
    h.emu.addModels({
      id: model,
      pipeline_tag: "text-to-video",
      inferenceProviderMapping: { "fal-ai": { providerId: "fal-ai/ltx-video", status: "live", task: "text-to-video" } },
    });
    h.emu.settings.falQueuePolls = 0;
    await fn("textToVideo")({ model, provider: "fal-ai", inputs: "x" }, h.opts());
    expect(h.hubCalls()).toHaveLength(1);
    expect(h.calls().filter((r) => r.method === "POST")).toHaveLength(1);
  }, 20_000);
});

describe("mapping forms and status", () => {
  test("array form is accepted", async () => {
    const model = freshModel("together", "conversational", "live", "array");
    const out = (await chat(model)) as { model: string };
    expect(out.model).toBe("meta-llama/Llama-3.3-70B-Instruct-Turbo");
  });

  test("staging: exactly one warning per call, with the spec's text; live: none", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const staging = freshModel("together", "conversational", "staging");
    const message = `Model ${staging} is in staging mode for provider together. Meant for test purposes only.`;
    await chat(staging);
    expect(warn.mock.calls).toEqual([[message]]);
    warn.mockClear();
    await chat(staging); // cached mapping: the call still resolves through a staging entry, so it warns once
    expect(warn.mock.calls).toEqual([[message]]);
    warn.mockClear();
    await chat(freshModel());
    expect(warn).not.toHaveBeenCalled();
  });

  test("textToImage on a staging model warns once per call (one resolution, §12)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await fn("textToImage")({ model: "acme/staging-diffusion", provider: "fal-ai", inputs: "x" }, h.opts());
    expect(warn.mock.calls).toEqual([
      ["Model acme/staging-diffusion is in staging mode for provider fal-ai. Meant for test purposes only."],
    ]);
  });

  test("hf-inference never looks up a mapping", async () => {
    await fn("textClassification")(
      { model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english", inputs: "x" },
      h.opts(),
    );
    expect(h.hubCalls()).toHaveLength(0);
  });
});

// Default model per task (inference.md §6): /api/tasks through options.fetch, failures not cached, success cached
// for the process; no look-up when endpointUrl is set or when a local check fails first. Order matters in this
// file (the client caches /api/tasks for the process), so tests run in sequence.
import { describe, expect, test } from "vitest";
import { fn, rejection, useHarness } from "./helpers.js";

const h = useHarness();
const tasksCalls = () => h.hubCalls().filter((r) => r.path === "/api/tasks");

describe.sequential("default model", () => {
  test("a local check fails before any /api/tasks look-up", async () => {
    const error = await rejection(fn("textClassification")({ provider: "together", inputs: "x" }, h.opts()));
    expect(error.message).toMatch(/^Task 'text-classification' not supported for provider 'together'/);
    expect(h.emu.requests).toHaveLength(0);
  });

  test("endpointUrl without a model: no /api/tasks look-up", async () => {
    const out = await fn("textClassification")(
      {
        endpointUrl: `${h.emu.url}/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english`,
        inputs: "x",
      },
      h.opts(),
    );
    expect(out).toHaveLength(2);
    expect(tasksCalls()).toHaveLength(0);
    expect(h.calls()[0].url).toBe(
      `${h.emu.url}/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english`,
    );
  });

  test("a failing /api/tasks gives the load error and is not cached", async () => {
    h.emu.inject({ match: { includeHub: true, path: "/api/tasks" }, status: 500, body: "down" });
    const error = await rejection(fn("fillMask")({ inputs: "a [MASK]" }, h.opts()));
    expect(error.message).toBe("Failed to load tasks definitions from Hugging Face Hub.");
    const [call] = tasksCalls();
    expect(call.url).toBe("https://huggingface.co/api/tasks");
    expect(call.method).toBe("GET");
  });

  test("the table is fetched once, then the default is models[0]; a missing or empty entry errors", async () => {
    h.emu.inject({
      match: { includeHub: true, path: "/api/tasks" },
      body: {
        "fill-mask": { models: [{ id: "google-bert/bert-base-uncased" }, { id: "other/model" }] },
        "text-to-image": { models: [{ id: "black-forest-labs/FLUX.1-dev" }] },
        summarization: { models: [] },
      },
    });
    await fn("fillMask")({ inputs: "a [MASK]" }, h.opts());
    expect(h.calls()[0].url).toBe("https://router.huggingface.co/hf-inference/models/google-bert/bert-base-uncased");
    await fn("fillMask")({ inputs: "b [MASK]" }, h.opts());
    const empty = await rejection(fn("summarization")({ inputs: "x" }, h.opts()));
    expect(empty.message).toBe("No default model defined for task summarization, please define the model explicitly.");
    const missing = await rejection(fn("translation")({ inputs: "x" }, h.opts()));
    expect(missing.message).toBe("No default model defined for task translation, please define the model explicitly.");
    expect(tasksCalls()).toHaveLength(1);
  });

  test("third-party provider: default model, then its mapping", async () => {
    const blob = await fn("textToImage")({ provider: "fal-ai", inputs: "a cat", accessToken: "k" }, h.opts());
    expect(blob).toBeInstanceOf(Blob);
    expect(tasksCalls()).toHaveLength(0); // cached from the previous test
    expect(h.hubCalls()[0].path).toBe("/api/models/black-forest-labs/FLUX.1-dev?expand[]=inferenceProviderMapping");
    expect(h.calls()[0].url).toBe("https://fal.run/fal-ai/flux/dev");
  });
});

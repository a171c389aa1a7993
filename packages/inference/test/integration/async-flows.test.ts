// Polling flows of inference.md §4.4 (black-forest-labs, fal-ai queue) and asset downloads: success, failure
// and abort. Poll waits run on fake timers (withFakeTimers) except where a test checks real-time behaviour.
import { ASSETS } from "@hubkit/emulator";
import { describe, expect, test } from "vitest";
import { blobBytes, expectOutputError, fn, rejection, useHarness, withFakeTimers } from "./helpers.js";

const h = useHarness();
const BFL = {
  model: "black-forest-labs/FLUX.1-dev",
  provider: "black-forest-labs",
  accessToken: "bfl-key",
  inputs: "a cat",
};
const FAL_VIDEO = { model: "Lightricks/LTX-Video", provider: "fal-ai", accessToken: "fal-key", inputs: "a dog" };

describe("black-forest-labs", () => {
  test("Pending, then Ready on attempt 2; debug lines; outputType url returns the sample without download", async () => {
    h.emu.settings.bflPendingPolls = 1;
    const debug: unknown[][] = [];
    const original = console.debug;
    console.debug = (...args: unknown[]) => debug.push(args);
    let url: unknown;
    try {
      url = await withFakeTimers(() => fn("textToImage")(BFL, h.opts({ outputType: "url" })));
    } finally {
      console.debug = original;
    }
    expect(url).toBe(`${h.emu.url}/_assets/image.jpeg`);
    expect(debug).toEqual([
      ["Polling Black Forest Labs API for the result... 1/5"],
      ["Polling Black Forest Labs API for the result... 2/5"],
    ]);
    const polls = h.calls().filter((r) => r.method === "GET");
    expect(polls.map((r) => new URL(r.url).searchParams.get("attempt"))).toEqual(["0", "1"]);
    expect(polls.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(h.calls().some((r) => r.service === "assets")).toBe(false);
  }, 30_000);

  test("polling replaces an attempt parameter already in polling_url", async () => {
    h.emu.inject({
      match: { method: "POST" },
      body: { id: "x", polling_url: "https://api.us1.bfl.ai/v1/get_result?id=missing&attempt=7" },
    });
    h.emu.inject({
      match: { method: "GET" },
      status: 200,
      body: { status: "Ready", result: { sample: `${h.emu.url}/_assets/image.jpeg` } },
    });
    const url = await withFakeTimers(() => fn("textToImage")(BFL, h.opts({ outputType: "url" })));
    expect(url).toBe(`${h.emu.url}/_assets/image.jpeg`);
    const poll = h.calls().find((r) => r.method === "GET");
    expect(poll?.url).toBe("https://api.us1.bfl.ai/v1/get_result?id=missing&attempt=0");
  });

  test("a non-OK poll fails with the output error", async () => {
    h.emu.inject({ match: { method: "GET", path: "/v1/get_result" }, status: 500, body: { error: "x" } });
    await expectOutputError(
      withFakeTimers(() => fn("textToImage")(BFL, h.opts())),
      "Failed to fetch result from black forest labs API",
    );
  }, 30_000);

  test("gives up after 5 attempts", async () => {
    h.emu.settings.bflPendingPolls = 99;
    const original = console.debug;
    console.debug = () => {};
    try {
      await expectOutputError(
        withFakeTimers(() => fn("textToImage")(BFL, h.opts())),
        "Failed to fetch result from black forest labs API",
      );
    } finally {
      console.debug = original;
    }
    expect(h.calls().filter((r) => r.method === "GET")).toHaveLength(5);
  }, 30_000);

  test("abort during the polling wait rejects with the signal's reason", async () => {
    h.emu.settings.bflPendingPolls = 99;
    const controller = new AbortController();
    const reason = new Error("stop polling");
    setTimeout(() => controller.abort(reason), 300);
    const started = Date.now();
    const error = await rejection(fn("textToImage")(BFL, h.opts({ signal: controller.signal })));
    expect(error).toBe(reason);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);
});

describe("fal-ai queue (text-to-video)", () => {
  test("IN_PROGRESS twice, then COMPLETED: status polls and the video download", async () => {
    h.emu.settings.falQueuePolls = 2;
    const video = await withFakeTimers(() => fn("textToVideo")(FAL_VIDEO, h.opts()));
    expect(await blobBytes(video)).toEqual(ASSETS["video.mp4"].body);
    const statusPolls = h.calls().filter((r) => r.path.endsWith("/status"));
    expect(statusPolls).toHaveLength(3);
  }, 30_000);

  test.each([
    [
      "missing request_id",
      { match: { method: "POST" }, body: { status: "IN_QUEUE" } },
      "No request ID found in the response",
    ],
    [
      "status not OK",
      { match: { path: "/status" }, status: 500, body: { error: "x" } },
      "Failed to fetch response status from fal-ai API",
    ],
    [
      "status not JSON",
      { match: { path: "/status" }, body: "not json", contentType: "application/json" },
      "Failed to parse status response from fal-ai API",
    ],
    [
      "result not JSON",
      { match: { method: "GET", path: /requests\/fal-\d+$/ }, body: "nope", contentType: "application/json" },
      "Failed to parse result response from fal-ai API",
    ],
    [
      "result without a video URL",
      { match: { method: "GET", path: /requests\/fal-\d+$/ }, body: { video: {} } },
      'Expected { video: { url: string } } result format, got instead: {"video":{}}',
    ],
  ])(
    "%s",
    async (_name, fault, message) => {
      h.emu.settings.falQueuePolls = 0;
      h.emu.inject(fault);
      await expectOutputError(
        withFakeTimers(() => fn("textToVideo")(FAL_VIDEO, h.opts())),
        message,
      );
    },
    30_000,
  );

  test("abort while polling (no attempt limit) stops the loop", async () => {
    h.emu.settings.falQueuePolls = 1000;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1200);
    const error = await rejection(fn("textToVideo")(FAL_VIDEO, h.opts({ signal: controller.signal })));
    expect(error.name).toBe("AbortError");
    await new Promise((r) => setTimeout(r, 50)); // a request already on the wire gets recorded
    const polls = h.calls().length;
    await new Promise((r) => setTimeout(r, 1100)); // a live loop would poll twice more in this time
    expect(h.calls().length).toBe(polls); // nothing polls after the abort
  }, 30_000);

  test("timeout bounds the polling loop", async () => {
    h.emu.settings.falQueuePolls = 1000;
    const error = await rejection(withFakeTimers(() => fn("textToVideo")(FAL_VIDEO, h.opts({ timeout: 900 }))));
    expect(error.message).toBe("Request timed out after 900 ms");
  }, 30_000);
});

describe("downloads", () => {
  const FAL_IMAGE = { model: "black-forest-labs/FLUX.1-dev", provider: "fal-ai", accessToken: "k", inputs: "a cat" };

  test("abort during a stalled asset download", async () => {
    h.emu.inject({ match: { path: "/_assets/image.jpeg" }, stallAfterBytes: 3 });
    const controller = new AbortController();
    const reason = new Error("stop downloading");
    setTimeout(() => controller.abort(reason), 200);
    const error = await rejection(fn("textToImage")(FAL_IMAGE, h.opts({ signal: controller.signal })));
    expect(error).toBe(reason);
  });

  test("timeout during a stalled asset download", async () => {
    h.emu.inject({ match: { path: "/_assets/image.jpeg" }, delayMs: 30_000 });
    const error = await rejection(fn("textToImage")(FAL_IMAGE, h.opts({ timeout: 400 })));
    expect(error.message).toBe("Request timed out after 400 ms");
  });

  test("fal-ai text-to-speech download failure", async () => {
    h.emu.inject({ match: { path: "/_assets/audio.wav" }, status: 404, body: "gone" });
    const url = `${h.emu.url}/_assets/audio.wav`;
    await expectOutputError(
      fn("textToSpeech")(
        { model: "m-a-p/YuE-s1-7B-anneal-en-cot", provider: "fal-ai", accessToken: "k", inputs: "la" },
        h.opts(),
      ),
      `Error fetching or processing audio from Fal.ai Text-to-Speech URL: ${url}. Failed to fetch audio from ${url}: Not Found`,
    );
  });

  test.each([
    ["fal-ai", `URL`, "fal-ai"],
    ["replicate", `URL`, "replicate"],
    ["hyperbolic", "data", "hyperbolic"],
    ["nebius", "data", "nebius"],
    ["together", "data", "together"],
  ])("textToImage outputType url on %s", async (provider, kind) => {
    const url = await fn("textToImage")(
      { model: "black-forest-labs/FLUX.1-dev", provider, accessToken: "hf_x", inputs: "a cat" },
      h.opts({ outputType: "url" }),
    );
    if (kind === "data") {
      expect(url).toBe(`data:image/jpeg;base64,${Buffer.from(ASSETS["image.jpeg"].body).toString("base64")}`);
    } else {
      expect(url).toBe(`${h.emu.url}/_assets/${provider === "fal-ai" ? "image.jpeg" : "image.png"}`);
    }
    expect(h.calls().some((r) => r.service === "assets")).toBe(false);
  });
});

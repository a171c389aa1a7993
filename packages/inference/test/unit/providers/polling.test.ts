// Asynchronous flows (§4.4): black-forest-labs polling and the fal-ai queue.
import { afterEach, describe, expect, test, vi } from "vitest";
import { textToImage, textToVideo } from "../../../src/index.js";
import { clearProviderMappingCache } from "../../../src/lib/providerMapping.js";
import { fakeFetch, json, mappingAnswer, outputMessage, rejection } from "../fake-fetch.js";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearProviderMappingCache();
});

describe("black-forest-labs", () => {
  test("polls with attempt=n and only a Content-Type, returns the sample URL", async () => {
    vi.useFakeTimers();
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    let polls = 0;
    const { fetch, calls } = fakeFetch((url) => {
      if (url.includes("/api/models/"))
        return mappingAnswer({ "black-forest-labs": { providerId: "flux-dev", task: "text-to-image" } });
      if (url.startsWith("https://poll.example")) {
        polls++;
        return json(polls < 3 ? { status: "Pending" } : { status: "Ready", result: { sample: "https://cdn/img.jpg" } });
      }
      return json({ id: "j1", polling_url: "https://poll.example/v1/get_result?id=j1&attempt=9" });
    });
    const pending = textToImage(
      { provider: "black-forest-labs", model: "org/flux", inputs: "cat", accessToken: "bfl-key" },
      { fetch, outputType: "url" },
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(await pending).toBe("https://cdn/img.jpg");
    const pollCalls = calls.filter((c) => c.url.startsWith("https://poll.example"));
    expect(pollCalls.map((c) => c.url)).toEqual([
      "https://poll.example/v1/get_result?id=j1&attempt=0",
      "https://poll.example/v1/get_result?id=j1&attempt=1",
      "https://poll.example/v1/get_result?id=j1&attempt=2",
    ]);
    expect(pollCalls[0].init.headers).toEqual({ "Content-Type": "application/json" });
    expect(calls[1].url).toBe("https://api.us1.bfl.ai/v1/flux-dev");
    expect((calls[1].init.headers as Record<string, string>).Authorization).toBe("X-Key bfl-key");
    expect(debug).toHaveBeenCalledWith("Polling Black Forest Labs API for the result... 1/5");
  });

  test("gives up after 5 attempts; a non-OK poll fails at once", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "debug").mockImplementation(() => {});
    const { fetch, calls } = fakeFetch((url) => {
      if (url.includes("/api/models/"))
        return mappingAnswer({ "black-forest-labs": { providerId: "f", task: "text-to-image" } });
      if (url.startsWith("https://poll.example")) return json({ status: "Pending" });
      return json({ id: "j", polling_url: "https://poll.example/r" });
    });
    const pending = rejection(textToImage({ provider: "black-forest-labs", model: "org/f", inputs: "x" }, { fetch }));
    await vi.advanceTimersByTimeAsync(6000);
    const error = await pending;
    expect(error.message).toBe(outputMessage("Failed to fetch result from black forest labs API"));
    expect(calls.filter((c) => c.url.startsWith("https://poll.example"))).toHaveLength(5);
  });
});

describe("fal-ai queue", () => {
  function queueFetch(statuses: string[], result: unknown = { video: { url: "https://cdn/v.mp4" } }) {
    let n = 0;
    return fakeFetch((url) => {
      if (url.includes("/api/models/"))
        return mappingAnswer({ "fal-ai": { providerId: "fal-ai/video", task: "text-to-video" } });
      if (url === "https://cdn/v.mp4")
        return new Response(new Uint8Array([7, 7]), { headers: { "Content-Type": "video/mp4" } });
      if (url.includes("/status")) return json({ status: statuses[n++] ?? "COMPLETED" });
      if (url.includes("/requests/")) return json(result);
      return json({
        request_id: "r1",
        status: "IN_QUEUE",
        response_url: "https://queue.fal.run/fal-ai/video/requests/r1",
      });
    });
  }

  test("through the router: status and result URLs keep ?_subdomain=queue and the request headers", async () => {
    const { fetch, calls } = queueFetch(["IN_PROGRESS", "COMPLETED"]);
    const blob = await textToVideo(
      { provider: "fal-ai", model: "org/v", inputs: "dog", accessToken: "hf_t" },
      { fetch },
    );
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([7, 7]);
    const urls = calls.map((c) => c.url).filter((u) => !u.includes("/api/models/"));
    expect(urls).toEqual([
      "https://router.huggingface.co/fal-ai/fal-ai/video?_subdomain=queue",
      "https://router.huggingface.co/fal-ai/fal-ai/video/requests/r1/status?_subdomain=queue",
      "https://router.huggingface.co/fal-ai/fal-ai/video/requests/r1/status?_subdomain=queue",
      "https://router.huggingface.co/fal-ai/fal-ai/video/requests/r1?_subdomain=queue",
      "https://cdn/v.mp4",
    ]);
    expect((calls[2].init.headers as Record<string, string>).Authorization).toBe("Bearer hf_t");
  });

  test("with a provider key: queue.fal.run and Key auth", async () => {
    vi.useFakeTimers();
    const { fetch, calls } = queueFetch(["COMPLETED"]);
    const pending = textToVideo(
      { provider: "fal-ai", model: "org/v", inputs: "dog", accessToken: "fal-key" },
      { fetch },
    );
    await vi.advanceTimersByTimeAsync(500);
    await pending;
    const urls = calls.map((c) => c.url).filter((u) => !u.includes("/api/models/"));
    expect(urls[0]).toBe("https://queue.fal.run/fal-ai/video");
    expect(urls[1]).toBe("https://queue.fal.run/fal-ai/video/requests/r1/status");
    expect((calls[1].init.headers as Record<string, string>).Authorization).toBe("Key fal-key");
  });

  test("bad result shape → exact message", async () => {
    vi.useFakeTimers();
    const { fetch } = queueFetch([], { video: {} });
    const pending = rejection(textToVideo({ provider: "fal-ai", model: "org/v", inputs: "d" }, { fetch }));
    await vi.advanceTimersByTimeAsync(500);
    expect((await pending).message).toBe(
      outputMessage('Expected { video: { url: string } } result format, got instead: {"video":{}}'),
    );
  });

  test("abort stops the polling loop", async () => {
    const { fetch, calls } = queueFetch(Array(1000).fill("IN_PROGRESS"));
    const controller = new AbortController();
    const pending = textToVideo(
      { provider: "fal-ai", model: "org/v", inputs: "d" },
      { fetch, signal: controller.signal },
    );
    await new Promise((r) => setTimeout(r, 1200));
    controller.abort(new Error("stop"));
    expect((await rejection(pending)).message).toBe("stop");
    const count = calls.length;
    await new Promise((r) => setTimeout(r, 700));
    expect(calls.length).toBe(count);
  });
});

import { afterEach, describe, expect, test, vi } from "vitest";
import { baseArgs, describeError, fetchWithoutTokenForThisSite, toOutput } from "./run-task";

describe("try-it outputs", () => {
  test("classification lists become a chart", () => {
    expect(toOutput("text-classification", [{ label: "POSITIVE", score: 0.9 }])).toEqual({
      kind: "chart",
      items: [{ label: "POSITIVE", score: 0.9 }],
    });
    expect(toOutput("fill-mask", [{ token_str: "Paris", score: 0.5, sequence: "x", token: 1 }])).toEqual({
      kind: "chart",
      items: [{ label: "Paris", score: 0.5 }],
    });
    expect(toOutput("zero-shot-classification", { labels: ["a", "b"], scores: [0.7, 0.3], sequence: "s" })).toEqual({
      kind: "chart",
      items: [
        { label: "a", score: 0.7 },
        { label: "b", score: 0.3 },
      ],
    });
  });

  test("texts, blobs and anything else", () => {
    expect(toOutput("summarization", { summary_text: "short" })).toEqual({ kind: "text", text: "short" });
    expect(toOutput("automatic-speech-recognition", { text: "hello" })).toEqual({ kind: "text", text: "hello" });
    expect(toOutput("feature-extraction", [0.1, 0.2])).toEqual({ kind: "json", value: [0.1, 0.2] });
    expect(toOutput("text-to-image", new Blob(["x"], { type: "image/png" })).kind).toBe("image");
    expect(toOutput("text-to-speech", new Blob(["x"], { type: "audio/wav" })).kind).toBe("audio");
  });

  test("arguments: provider or endpoint, token only when given", () => {
    expect(baseArgs({ kind: "provider", provider: "together", token: " hf_x " }, "org/m")).toEqual({
      accessToken: "hf_x",
      provider: "together",
      model: "org/m",
    });
    expect(baseArgs({ kind: "endpoint", url: " http://127.0.0.1:8080/v1 ", token: "" }, "")).toEqual({
      endpointUrl: "http://127.0.0.1:8080/v1",
    });
  });

  test("errors read well", () => {
    expect(describeError(new DOMException("aborted", "AbortError"))).toBe("Stopped.");
    expect(describeError(new TypeError("Failed to fetch"))).toMatch(/cannot be reached/);
    const wrapped = Object.assign(
      new Error("Network error on http://127.0.0.1:9/v1/chat/completions: Failed to fetch"),
      {
        name: "InferenceClientNetworkError",
      },
    );
    expect(describeError(wrapped)).toMatch(/cannot be reached/);
    expect(describeError(new Error("Model x is not supported provider y."))).toBe(
      "Model x is not supported provider y.",
    );
  });
});

describe("the typed token stays off this site", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("look-ups on this site go without Authorization; provider calls keep it", async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), authorization: new Headers(init?.headers).get("Authorization") });
      return new Response("{}");
    });
    const headers = { Authorization: "Bearer hf_router_token", Accept: "application/json" };
    await fetchWithoutTokenForThisSite(`${window.location.origin}/api/models/a/b?expand[]=inferenceProviderMapping`, {
      headers,
    });
    await fetchWithoutTokenForThisSite("https://router.example/together/v1/chat/completions", { headers });
    expect(seen.map((request) => request.authorization)).toEqual([null, "Bearer hf_router_token"]);
  });
});

import { describe, expect, test } from "vitest";
import { baseArgs, describeError, toOutput } from "./run-task";

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
    expect(describeError(new Error("Model x is not supported provider y."))).toBe(
      "Model x is not supported provider y.",
    );
  });
});

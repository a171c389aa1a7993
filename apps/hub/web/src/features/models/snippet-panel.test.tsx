import { snippets as inferenceSnippets } from "@hubkit/inference";
import type { InferenceSnippet } from "@hubkit/tasks";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import type { ModelRecord } from "../../lib/api";
import type { GetInferenceSnippets } from "../../lib/inference-loader";
import { setCredentials } from "../../lib/token-store";
import { SnippetPanel } from "./inference-panel";
import { clientsOf, installLine, isConversational, languagesOf, pickSnippet } from "./snippet-selection";

afterEach(() => {
  cleanup();
  act(() => setCredentials({ token: "", remember: false }));
});

const SNIPPETS: InferenceSnippet[] = [
  { language: "python", client: "huggingface_hub", content: "py-hub" },
  { language: "python", client: "requests", content: "py-requests" },
  { language: "js", client: "fetch", content: "js-fetch" },
  { language: "js", client: "openai", content: "js-openai" },
  { language: "sh", client: "curl", content: "curl" },
];

describe("snippet selection", () => {
  test("languages and clients keep the generator's order", () => {
    expect(languagesOf(SNIPPETS)).toEqual(["python", "js", "sh"]);
    expect(clientsOf(SNIPPETS, "js")).toEqual(["fetch", "openai"]);
  });
  test("falls back to the first client, then the first language", () => {
    expect(pickSnippet(SNIPPETS, { language: "js", client: "openai" })?.content).toBe("js-openai");
    expect(pickSnippet(SNIPPETS, { language: "js", client: "requests" })?.content).toBe("js-fetch");
    expect(pickSnippet(SNIPPETS, { language: "ruby" })?.content).toBe("py-hub");
    expect(pickSnippet([], { language: "js" })).toBeUndefined();
  });
  test("install lines and the conversational rule", () => {
    // @hubkit/inference is not on npm: the JavaScript client installed is the published one with the same API.
    expect(installLine("js", "huggingface.js")).toBe("npm install @huggingface/inference");
    expect(installLine("sh", "curl")).toBeUndefined();
    expect(isConversational({ pipeline_tag: "text-generation", tags: ["conversational"] })).toBe(true);
    expect(isConversational({ pipeline_tag: "text-generation", tags: [] })).toBe(false);
    expect(isConversational({ pipeline_tag: "text-classification", tags: ["conversational"] })).toBe(false);
  });
});

describe("published packages", () => {
  test("the real generator's JavaScript snippets import and install @huggingface/inference, never @hubkit/*", () => {
    const model = { id: "org/chat", pipeline_tag: "text-generation" as const, tags: ["conversational"] };
    const all = inferenceSnippets.getInferenceSnippets(model, "", "together", "org/chat-turbo");
    const js = pickSnippet(all, { language: "js", client: "huggingface.js" });
    expect(js?.client).toBe("huggingface.js");
    expect(js?.content).toContain('from "@huggingface/inference"');
    for (const language of languagesOf(all))
      for (const client of clientsOf(all, language)) {
        const shown = pickSnippet(all, { language, client });
        expect(shown?.content).not.toContain("@hubkit/");
        expect(installLine(language, client) ?? "").not.toContain("@hubkit/");
      }
  });
});

describe("SnippetPanel", () => {
  const model: ModelRecord = { id: "org/chat", pipeline_tag: "text-generation", tags: ["conversational"] };
  const providers = [
    { id: "together", providerId: "org/chat-turbo", status: "live" },
    { id: "nebius", providerId: "org/chat-fast", status: "staging" },
  ];
  // A generator that echoes its arguments, so the test sees exactly what the panel asked for.
  const calls: Array<{ token: string; provider: string; providerModelId?: string; opts?: Record<string, unknown> }> =
    [];
  const generate: GetInferenceSnippets = (_model, token, provider, providerModelId, opts) => {
    calls.push({ token, provider, providerModelId, opts });
    const tag = `${provider}|${providerModelId}|${opts?.streaming ? "stream" : "once"}|${token || "ENV"}`;
    return SNIPPETS.map((s) => ({ ...s, content: `${s.content} ${tag}` }));
  };
  const code = () => screen.getAllByRole("figure").at(-1)?.querySelector("pre")?.textContent;

  test("language → client → provider rows pick the snippet; stream and install line follow", () => {
    render(<SnippetPanel model={model} generate={generate} providers={providers} />);
    expect(code()).toBe("py-hub together|org/chat-turbo|once|ENV");
    expect(screen.getByRole("figure", { name: "Install" }).textContent).toContain(
      "pip install --upgrade huggingface_hub",
    );

    fireEvent.click(screen.getByRole("button", { name: "JavaScript" }));
    expect(code()).toBe("js-fetch together|org/chat-turbo|once|ENV");
    expect(screen.queryByRole("figure", { name: "Install" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "openai" }));
    expect(code()).toBe("js-openai together|org/chat-turbo|once|ENV");
    expect(screen.getByRole("button", { name: "openai" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: /nebius/ }));
    expect(code()).toBe("js-openai nebius|org/chat-fast|once|ENV");
    fireEvent.click(screen.getByRole("checkbox", { name: "Stream" }));
    expect(code()).toBe("js-openai nebius|org/chat-fast|stream|ENV");

    // Back to Python: the JS client choice does not exist there, so the first Python client is shown.
    fireEvent.click(screen.getByRole("button", { name: "Python" }));
    expect(code()).toBe("py-hub nebius|org/chat-fast|stream|ENV");
  }, 30_000); // many renders: slow only on a loaded machine

  test("the token is a placeholder until the user opts in", () => {
    act(() => setCredentials({ token: "hf_secret" }));
    render(<SnippetPanel model={model} generate={generate} providers={providers} />);
    expect(code()).toContain("|ENV");
    expect(calls.at(-1)?.token).toBe("");
    fireEvent.click(screen.getByRole("checkbox", { name: /Insert my token/ }));
    expect(code()).toContain("|hf_secret");
  });

  test("no Stream toggle for a model that does not chat; generator errors are shown", () => {
    const classifier: ModelRecord = { id: "org/cls", pipeline_tag: "text-classification", tags: [] };
    render(<SnippetPanel model={classifier} generate={generate} providers={providers} />);
    // The panel is there (a snippet is shown), only without the toggle.
    expect(code()).toMatch(/^py-hub /);
    expect(screen.queryByRole("checkbox", { name: "Stream" })).toBeNull();
    cleanup();
    const failing: GetInferenceSnippets = () => {
      throw new Error("boom");
    };
    render(<SnippetPanel model={classifier} generate={failing} providers={providers} />);
    expect(screen.getByText("Cannot build snippets: boom")).toBeTruthy();
  });
});

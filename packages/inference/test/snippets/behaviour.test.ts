// getInferenceSnippets behaviours beyond the examples: empty results, no shared state, token placeholders,
// options, routing by token form, validation and the template cache.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ModelDataMinimal } from "@hubkit/tasks";
import { afterEach, describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { compiledTemplateCount } from "../../src/snippets/render.js";

const model = (id: string, pipeline_tag: string | undefined, tags: string[] = [], extra = {}): ModelDataMinimal =>
  ({ id, pipeline_tag, tags, inference: "", ...extra }) as ModelDataMinimal;

const CHAT = model("meta-llama/Llama-3.3-70B-Instruct", "text-generation", ["conversational"]);
const PLAIN_LLM = model("openai-community/gpt2", "text-generation");
const clients = (list: { language: string; client: string }[]) => list.map((s) => `${s.language}/${s.client}`);

describe("empty results, never a throw", () => {
  it.each([
    ["no pipeline tag", model("a/b", undefined), "hf-inference"],
    ["a tag without template", model("a/b", "depth-estimation"), "hf-inference"],
    ["image-text-to-text without the conversational tag", model("a/b", "image-text-to-text"), "hf-inference"],
    ["text2text-generation (no handler anywhere)", model("a/b", "text2text-generation"), "hf-inference"],
    ["a pair without handler", model("a/b", "text-classification"), "together"],
    ["an unknown provider", model("a/b", "text-classification"), "nope"],
    ["openai without the openai/ prefix", model("gpt-4o", "text-generation", ["conversational"]), "openai"],
  ])("%s", (_name, m, provider) => {
    expect(getInferenceSnippets(m, "hf_token", provider as never)).toEqual([]);
  });

  it("openai with an hf_ token", () => {
    const m = model("openai/gpt-4o", "text-generation", ["conversational"]);
    expect(getInferenceSnippets(m, "hf_abc", "openai")).toEqual([]);
    expect(getInferenceSnippets(m, "sk-abc", "openai").length).toBeGreaterThan(0);
  });
});

describe("no state shared between calls (§12)", () => {
  it("a conversational call does not turn a later plain text-generation call into chat snippets", () => {
    const first = getInferenceSnippets(PLAIN_LLM, "hf_x", "hf-inference");
    getInferenceSnippets(CHAT, "hf_x", "hf-inference", undefined, { streaming: true });
    const again = getInferenceSnippets(PLAIN_LLM, "hf_x", "hf-inference");
    expect(again).toEqual(first);
    expect(clients(again)).toEqual([
      "python/huggingface_hub",
      "python/requests",
      "js/fetch",
      "js/huggingface.js",
      "sh/curl",
    ]);
    expect(again[0].content).toContain("client.text_generation(");
    expect(again.map((s) => s.content).join("\n")).not.toContain("messages");
  });

  it("does not mutate the options or the model", () => {
    const opts = { streaming: true, messages: [{ role: "user", content: "hi" }] };
    const frozenOpts = structuredClone(opts);
    const m = structuredClone(CHAT);
    getInferenceSnippets(m, "hf_x", "together", undefined, opts);
    expect(opts).toEqual(frozenOpts);
    expect(m).toEqual(CHAT);
  });
});

describe("token placeholders (§10.9)", () => {
  const all = (snips: { content: string }[]) => snips.map((s) => s.content).join("\n\n");

  it("no token: HF_TOKEN from the environment, router URLs, import os", () => {
    const snips = getInferenceSnippets(CHAT, "", "together");
    const py = snips.filter((s) => s.language === "python");
    for (const s of py.filter((s) => s.client !== "fal_client")) {
      expect(s.content).toMatch(/^import os$/m);
      expect(s.content).toMatch(/os\.environ\[["']HF_TOKEN["']\]/);
    }
    const text = all(snips);
    expect(text).toContain("https://router.huggingface.co/together/v1/chat/completions");
    expect(text).toContain("process.env.HF_TOKEN");
    expect(text).toContain('"Authorization: Bearer $HF_TOKEN"');
    expect(text).not.toMatch(/Bearer ["'`]|Bearer $|Bearer undefined/m);
    expect(text).not.toContain("HUBKIT_SNIPPET_TOKEN_PLACEHOLDER");
  });

  it("no token + directRequest: <PROVIDER>_API_KEY and the provider's own URL and scheme", () => {
    const flux = model("black-forest-labs/FLUX.1-dev", "text-to-image");
    const text = all(getInferenceSnippets(flux, "", "fal-ai", "fal-ai/flux/dev", { directRequest: true }));
    expect(text).toContain("https://fal.run/fal-ai/flux/dev");
    expect(text).toContain("`Key ${process.env.FAL_AI_API_KEY}`");
    expect(text).toContain('api_key=os.environ["FAL_AI_API_KEY"]');
    const chat = all(getInferenceSnippets(CHAT, "", "fireworks-ai", "accounts/x", { directRequest: true }));
    expect(chat).toContain("https://api.fireworks.ai/inference/v1/chat/completions");
    expect(chat).toContain('"Authorization: Bearer $FIREWORKS_AI_API_KEY"');
    expect(chat).toContain("f\"Bearer {os.environ['FIREWORKS_AI_API_KEY']}\"");
  });

  it("openai without a token reads OPENAI_API_KEY and calls api.openai.com", () => {
    const text = all(getInferenceSnippets(model("openai/gpt-4o", "text-generation", ["conversational"]), "", "openai"));
    expect(text).toContain("https://api.openai.com/v1/chat/completions");
    expect(text).toContain("process.env.OPENAI_API_KEY");
    expect(text).toContain('"model": "gpt-4o"');
  });

  it("an hf_ token routes through the router; any other string goes to the provider", () => {
    const viaRouter = all(getInferenceSnippets(CHAT, "hf_secret", "sambanova", "Meta-Llama-3.3-70B-Instruct"));
    expect(viaRouter).toContain("https://router.huggingface.co/sambanova/v1/chat/completions");
    expect(viaRouter).toContain("Bearer hf_secret");
    const direct = all(getInferenceSnippets(CHAT, "sn-key", "sambanova", "Meta-Llama-3.3-70B-Instruct"));
    expect(direct).toContain("https://api.sambanova.ai/v1/chat/completions");
    expect(direct).not.toContain("router.huggingface.co");
  });

  it("black-forest-labs keys use the X-Key scheme", () => {
    const flux = model("black-forest-labs/FLUX.1-dev", "text-to-image");
    const text = all(getInferenceSnippets(flux, "bfl-key", "black-forest-labs", "flux-dev"));
    expect(text).toContain('Authorization: "X-Key bfl-key"');
    expect(text).toContain("https://api.us1.bfl.ai/v1/flux-dev");
  });
});

describe("fal-ai speech recognition: a WAV file as a data URL (it refuses the FLAC example, §3.5)", () => {
  const whisper = model("openai/whisper-large-v3", "automatic-speech-recognition");
  const snips = getInferenceSnippets(whisper, "fal-key", "fal-ai", "fal-ai/whisper");
  const byClient = (client: string) => snips.find((s) => s.client === client)?.content ?? "";

  it("every client that can send it has a snippet, none shows the FLAC file or a raw audio body", () => {
    expect(clients(snips)).toEqual([
      "python/huggingface_hub",
      "python/requests",
      "js/fetch",
      "js/huggingface.js",
      "sh/curl",
    ]);
    for (const s of snips) {
      expect(s.content).toContain('"sample1.wav"');
      expect(s.content).not.toMatch(/flac|--data-binary/);
    }
  });

  it("each one sends JSON {audio_url: data:audio/wav;base64,…} to fal.run with the Key scheme", () => {
    expect(byClient("huggingface_hub")).toContain(
      'client.automatic_speech_recognition("sample1.wav", model="openai/whisper-large-v3")',
    );
    const requests = byClient("requests");
    expect(requests).toMatch(/^import base64$/m);
    expect(requests).toContain('API_URL = "https://fal.run/fal-ai/whisper"');
    expect(requests).toContain('json={"audio_url": "data:audio/wav;base64," + data}');
    const fetchJs = byClient("fetch");
    expect(fetchJs).toContain('"Content-Type": "application/json"');
    expect(fetchJs).toContain('body: JSON.stringify({ audio_url: "data:audio/wav;base64," + data })');
    const hfjs = byClient("huggingface.js");
    // the Blob's type is what the client puts in the data URL (an untyped Buffer is refused for fal-ai)
    expect(hfjs).toContain('new Blob([fs.readFileSync("sample1.wav")], { type: "audio/wav" })');
    expect(hfjs.split("\n").slice(0, 2)).toEqual([
      'import { InferenceClient } from "@hubkit/inference";',
      'import fs from "fs";',
    ]);
    const curl = byClient("curl");
    expect(curl).toContain("curl https://fal.run/fal-ai/whisper");
    expect(curl).toContain("-H 'Authorization: Key fal-key'");
    expect(curl).toContain(`{"audio_url": "data:audio/wav;base64,$(base64 < "sample1.wav" | tr -d '\\n')"}`);
  });

  it("other providers of the task keep the FLAC example as a raw body", () => {
    const hf = getInferenceSnippets(whisper, "hf_x", "hf-inference");
    expect(hf.length).toBe(5);
    for (const s of hf) expect(s.content).toContain("sample1.flac");
  });
});

describe("options", () => {
  it("max_tokens defaults to 512; temperature and top_p are kept even when 0", () => {
    const snips = getInferenceSnippets(CHAT, "hf_x", "hf-inference", undefined, { temperature: 0, top_p: 0 });
    const hub = snips.find((s) => s.client === "huggingface_hub")?.content ?? "";
    expect(hub).toContain("    temperature=0,\n    max_tokens=512,\n    top_p=0,");
    const curl = snips.find((s) => s.client === "curl")?.content ?? "";
    expect(curl).toContain('"temperature": 0,\n        "max_tokens": 512,\n        "top_p": 0,');
    const custom = getInferenceSnippets(CHAT, "hf_x", "hf-inference", undefined, { max_tokens: 64 });
    expect(custom[0].content).toContain("max_tokens=64,");
  });

  it("custom messages are written as Python literals (True/None), TS and JSON", () => {
    const messages = [{ role: "user", content: 'it\'s "quoted"', name: null, flag: true }];
    const snips = getInferenceSnippets(CHAT, "hf_x", "hf-inference", undefined, { messages });
    const hub = snips.find((s) => s.client === "huggingface_hub")?.content ?? "";
    expect(hub).toContain('"name": None');
    expect(hub).toContain('"flag": True');
    const curl = snips.find((s) => s.client === "curl")?.content ?? "";
    expect(curl).toContain(`"content": "it'\\''s \\"quoted\\""`);
    const js = snips.find((s) => s.client === "huggingface.js")?.content ?? "";
    expect(js).toContain('content: "it\'s \\"quoted\\"",');
  });

  it("billTo reaches every client", () => {
    const snips = getInferenceSnippets(CHAT, "hf_x", "together", undefined, { billTo: "my-org" });
    expect(snips.length).toBe(6);
    for (const s of snips) expect(s.content, `${s.language}/${s.client}`).toContain("my-org");
    const curl = snips.find((s) => s.client === "curl")?.content ?? "";
    expect(curl).toContain("-H 'X-HF-Bill-To: my-org'");
  });

  it("streaming picks the stream templates", () => {
    const snips = getInferenceSnippets(CHAT, "hf_x", "together", undefined, { streaming: true });
    expect(snips.find((s) => s.client === "curl")?.content).toContain('"stream": true');
    expect(snips.find((s) => s.client === "huggingface.js")?.content).toContain("chatCompletionStream");
  });
});

describe("example values encoded once (§10.8)", () => {
  it("curl and fetch bodies carry the text once", () => {
    const snips = getInferenceSnippets(model("a/b", "text-classification"), "hf_x", "hf-inference");
    const text = snips.map((s) => s.content).join("\n");
    expect(text).toContain('"inputs": "I like you. I love you"');
    expect(text).not.toContain('\\"I like you');
  });

  it("the single-quoted tabular literal becomes an object", () => {
    const snips = getInferenceSnippets(model("a/b", "tabular-regression"), "hf_x", "hf-inference");
    expect(snips).toHaveLength(1);
    expect(snips[0].content).toContain('"Height": [11.52, 12.48]');
    expect(snips[0].content).toContain('"Species": ["Bream", "Bream"]');
  });

  it("huggingface_hub methods take structured inputs as their own keyword parameters", () => {
    const qa = getInferenceSnippets(model("a/b", "sentence-similarity"), "hf_x", "hf-inference")[0].content;
    expect(qa).toContain('    sentence="That is a happy person",');
    expect(qa).toContain("    other_sentences=[");
    expect(qa).not.toContain("inputs=");
  });
});

describe("environment overrides never leak into snippets", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  it("HUBKIT_ROUTER_URL / HUBKIT_PROVIDER_URL_* are ignored", () => {
    process.env.HUBKIT_ROUTER_URL = "http://127.0.0.1:9/router";
    process.env.HUBKIT_PROVIDER_URL_TOGETHER = "http://127.0.0.1:9/together";
    const text = [...getInferenceSnippets(CHAT, "hf_x", "together"), ...getInferenceSnippets(CHAT, "key", "together")]
      .map((s) => s.content)
      .join("\n");
    expect(text).not.toContain("127.0.0.1");
  });
});

describe("validation and cache", () => {
  it("throws TypeError for malformed arguments", () => {
    expect(() => getInferenceSnippets(null as never, "", "hf-inference")).toThrow(TypeError);
    expect(() => getInferenceSnippets({ id: 3 } as never, "", "hf-inference")).toThrow(TypeError);
    expect(() => getInferenceSnippets(CHAT, 5 as never, "hf-inference")).toThrow(TypeError);
    expect(() => getInferenceSnippets(CHAT, "", 1 as never)).toThrow(TypeError);
  });

  it("compiles each template once", () => {
    getInferenceSnippets(CHAT, "hf_x", "together");
    const before = compiledTemplateCount();
    for (let i = 0; i < 5; i++) getInferenceSnippets(CHAT, "hf_x", "together");
    expect(compiledTemplateCount()).toBe(before);
  });
});

describe("browser safety", () => {
  it("src/snippets uses no Node-only API (the site renders snippets in the browser)", () => {
    const dir = join(import.meta.dirname, "..", "..", "src", "snippets");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(join(dir, file), "utf8");
      expect(source, file).not.toMatch(/from\s+["']node:|\brequire\(|\bBuffer\b/);
    }
  });
});

// Exact URL, headers and body for every registered (provider, task) pair × token kind (inference.md §3–§4.2).
// Expected values are written from the spec tables, not computed by the code under test.
import { describe, expect, test } from "vitest";
import { makeRequestOptionsFromResolvedModel } from "../../../src/lib/makeRequestOptions.js";
import { ALL_HELPERS } from "../../../src/providers/all-helpers.js";
import { PROVIDER_TASKS } from "../../../src/providers/registry.js";
import type { InferenceProvider, InferenceTask } from "../../../src/types.js";

const UA = "@hubkit/inference/0.1.0";
const ROUTER = "https://router.huggingface.co";
const HF_MODEL = "org/model";
const PROVIDER_ID = "prov-id";

const DIRECT: Record<string, string> = {
  "black-forest-labs": "https://api.us1.bfl.ai",
  cerebras: "https://api.cerebras.ai",
  cohere: "https://api.cohere.com",
  "fal-ai": "https://fal.run",
  "fireworks-ai": "https://api.fireworks.ai",
  hyperbolic: "https://api.hyperbolic.xyz",
  nebius: "https://api.studio.nebius.ai",
  novita: "https://api.novita.ai",
  openai: "https://api.openai.com",
  replicate: "https://api.replicate.com",
  sambanova: "https://api.sambanova.ai",
  together: "https://api.together.xyz",
};

const ARGS: Partial<Record<InferenceTask, Record<string, unknown>>> = {
  conversational: { messages: [{ role: "user", content: "hi" }], max_tokens: 5 },
  "text-generation": { inputs: "Once", parameters: { max_new_tokens: 5, temperature: 0.5 } },
  "text-to-image": { inputs: "a cat", parameters: { width: 64 } },
  "text-to-speech": { inputs: "hello", parameters: { speed: 1 } },
  "text-to-video": { inputs: "a dog", parameters: { num_frames: 8 } },
};

const CHAT_BODY = (model: string) => `{"messages":[{"role":"user","content":"hi"}],"max_tokens":5,"model":"${model}"}`;
const TG_PARAMS = '"parameters":{"max_new_tokens":5,"temperature":0.5}';

/** [route (with {id} = provider id), JSON body] per non-hf-inference pair, from §4.2. */
const EXPECTED: Record<string, [string, string]> = {
  "black-forest-labs text-to-image": ["v1/prov-id", '{"width":64,"prompt":"a cat"}'],
  "cerebras conversational": ["v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "cohere conversational": ["compatibility/v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "fal-ai text-to-image": ["prov-id", '{"width":64,"sync_mode":true,"prompt":"a cat"}'],
  "fal-ai text-to-speech": ["prov-id", '{"speed":1,"lyrics":"hello"}'],
  "fal-ai text-to-video": ["prov-id", '{"num_frames":8,"prompt":"a dog"}'],
  "fal-ai automatic-speech-recognition": ["prov-id", '{"audio_url":"data:audio/wav;base64,AAA="}'],
  "fireworks-ai conversational": ["inference/v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "hyperbolic text-to-image": ["v1/images/generations", '{"width":64,"prompt":"a cat","model_name":"prov-id"}'],
  "hyperbolic conversational": ["v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "hyperbolic text-generation": [
    "v1/chat/completions",
    '{"messages":[{"content":"Once","role":"user"}],"max_tokens":5,"temperature":0.5,"model":"prov-id"}',
  ],
  "nebius text-to-image": [
    "v1/images/generations",
    '{"width":64,"response_format":"b64_json","prompt":"a cat","model":"prov-id"}',
  ],
  "nebius conversational": ["v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "nebius text-generation": ["v1/completions", `{"inputs":"Once",${TG_PARAMS},"model":"prov-id"}`],
  "novita conversational": ["v3/openai/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "novita text-generation": ["v3/openai/chat/completions", `{"inputs":"Once",${TG_PARAMS},"model":"prov-id"}`],
  "openai conversational": ["v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "replicate text-to-image": ["v1/models/prov-id/predictions", '{"input":{"width":64,"prompt":"a cat"}}'],
  "replicate text-to-speech": ["v1/models/prov-id/predictions", '{"input":{"speed":1,"text":"hello"}}'],
  "replicate text-to-video": ["v1/models/prov-id/predictions", '{"input":{"num_frames":8,"prompt":"a dog"}}'],
  "sambanova conversational": ["v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "together text-to-image": [
    "v1/images/generations",
    '{"width":64,"prompt":"a cat","response_format":"base64","model":"prov-id"}',
  ],
  "together conversational": ["v1/chat/completions", CHAT_BODY(PROVIDER_ID)],
  "together text-generation": ["v1/completions", `{"model":"prov-id","inputs":"Once",${TG_PARAMS},"prompt":"Once"}`],
};

const TOKENS = { hf: "hf_secret", key: "pk_secret", none: undefined } as const;
type TokenKind = keyof typeof TOKENS;

function build(
  provider: InferenceProvider,
  task: InferenceTask,
  token: string | undefined,
  args: Record<string, unknown>,
  model = PROVIDER_ID,
  options = {},
) {
  const helper = ALL_HELPERS[task]?.[provider];
  if (!helper) throw new Error(`no helper for ${provider} ${task}`);
  return makeRequestOptionsFromResolvedModel(
    model,
    helper,
    { accessToken: token, provider, model: HF_MODEL, ...args },
    { task, ...options },
  );
}

function expectedAuth(provider: string, kind: TokenKind): string | undefined {
  const token = TOKENS[kind];
  if (!token) return undefined;
  if (kind === "key" && provider === "black-forest-labs") return `X-Key ${token}`;
  if (kind === "key" && provider === "fal-ai") return `Key ${token}`;
  return `Bearer ${token}`;
}

describe("third-party providers: every pair × token kind", () => {
  const pairs = Object.entries(PROVIDER_TASKS).flatMap(([provider, tasks]) =>
    provider === "hf-inference" ? [] : tasks.map((task) => [provider, task] as const),
  );
  test("the table covers the 24 third-party pairs", () => {
    expect(pairs.map(([p, t]) => `${p} ${t}`).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [provider, task] of pairs) {
    for (const kind of ["hf", "key", "none"] as TokenKind[]) {
      test(`${provider} · ${task} · token ${kind}`, () => {
        const args =
          task === "automatic-speech-recognition" ? { audio_url: "data:audio/wav;base64,AAA=" } : ARGS[task]!;
        if (provider === "openai" && kind === "hf") {
          expect(() => build(provider, task, TOKENS[kind], args)).toThrow(
            "Provider openai is closed-source and does not support HF tokens.",
          );
          return;
        }
        const { url, info } = build(provider as InferenceProvider, task, TOKENS[kind], args);
        const [route, body] = EXPECTED[`${provider} ${task}`];
        const direct = kind === "key" || provider === "openai";
        let expectedUrl = direct ? `${DIRECT[provider]}/${route}` : `${ROUTER}/${provider}/${route}`;
        if (provider === "fal-ai" && task === "text-to-video") {
          expectedUrl = direct ? `https://queue.fal.run/${route}` : `${ROUTER}/fal-ai/${route}?_subdomain=queue`;
        }
        expect(url).toBe(expectedUrl);
        expect(info.body).toBe(body);
        expect(info.method).toBe("POST");
        const headers: Record<string, string> = {};
        const auth = expectedAuth(provider, kind);
        if (auth) headers.Authorization = auth;
        if (provider === "replicate") headers.Prefer = "wait";
        headers["Content-Type"] = "application/json";
        headers["User-Agent"] = UA;
        expect(info.headers).toEqual(headers);
        expect("credentials" in info).toBe(false);
      });
    }
  }

  test("replicate with a versioned id: v1/predictions and `version` after `input`", () => {
    const { url, info } = build("replicate", "text-to-image", "pk", ARGS["text-to-image"]!, "owner/m:ver123");
    expect(url).toBe("https://api.replicate.com/v1/predictions");
    expect(info.body).toBe('{"input":{"width":64,"prompt":"a cat"},"version":"ver123"}');
  });

  test("hyperbolic text-generation without parameters has no max_tokens", () => {
    const { info } = build("hyperbolic", "text-generation", "hf_x", { inputs: "Hi", stream: true });
    expect(info.body).toBe('{"messages":[{"content":"Hi","role":"user"}],"stream":true,"model":"prov-id"}');
  });

  test("streaming chat puts stream before model", () => {
    const { info } = build("together", "conversational", "hf_x", { messages: [], stream: true });
    expect(info.body).toBe('{"messages":[],"stream":true,"model":"prov-id"}');
  });

  test("billTo, includeCredentials and a configured router URL", () => {
    const { url, info } = build("cerebras", "conversational", undefined, ARGS.conversational!, PROVIDER_ID, {
      billTo: "my-org",
      includeCredentials: "include",
      routerUrl: "http://127.0.0.1:9/router/",
    });
    expect(url).toBe("http://127.0.0.1:9/router/cerebras/v1/chat/completions");
    expect(info.headers["X-HF-Bill-To"]).toBe("my-org");
    expect(info.headers.Authorization).toBeUndefined();
    expect(info.credentials).toBe("include");
    expect(
      build("cerebras", "conversational", "hf_x", ARGS.conversational!, PROVIDER_ID, { includeCredentials: true }).info
        .credentials,
    ).toBe("include");
    expect(
      build("cerebras", "conversational", "hf_x", ARGS.conversational!, PROVIDER_ID, {
        includeCredentials: "same-origin",
      }).info.credentials,
    ).toBe("same-origin");
    expect(
      "credentials" in
        build("cerebras", "conversational", "hf_x", ARGS.conversational!, PROVIDER_ID, { includeCredentials: false })
          .info,
    ).toBe(false);
  });

  test("a configured provider URL is used with provider keys", () => {
    const { url } = build("together", "conversational", "pk", ARGS.conversational!, PROVIDER_ID, {
      providerUrls: { together: "http://127.0.0.1:9/together" },
    });
    expect(url).toBe("http://127.0.0.1:9/together/v1/chat/completions");
  });
});

describe("hf-inference: every task × token kind", () => {
  const jsonTasks: [InferenceTask, string][] = [
    ["text-to-image", "models/org/model"],
    ["conversational", "models/org/model/v1/chat/completions"],
    ["text-generation", "models/org/model"],
    ["text-classification", "models/org/model"],
    ["question-answering", "models/org/model"],
    ["fill-mask", "models/org/model"],
    ["feature-extraction", "pipeline/feature-extraction/org/model"],
    ["document-question-answering", "models/org/model"],
    ["zero-shot-image-classification", "models/org/model"],
    ["zero-shot-classification", "models/org/model"],
    ["image-to-image", "models/org/model"],
    ["sentence-similarity", "pipeline/sentence-similarity/org/model"],
    ["table-question-answering", "models/org/model"],
    ["tabular-classification", "models/org/model"],
    ["text-to-speech", "models/org/model"],
    ["token-classification", "models/org/model"],
    ["translation", "models/org/model"],
    ["summarization", "models/org/model"],
    ["visual-question-answering", "models/org/model"],
    ["tabular-regression", "models/org/model"],
    ["text-to-audio", "models/org/model"],
  ];
  const binaryTasks: InferenceTask[] = [
    "audio-classification",
    "automatic-speech-recognition",
    "image-classification",
    "image-segmentation",
    "image-to-text",
    "object-detection",
    "audio-to-audio",
  ];
  test("all 28 tasks covered", () => {
    expect([...jsonTasks.map(([t]) => t), ...binaryTasks].sort()).toEqual([...PROVIDER_TASKS["hf-inference"]].sort());
  });

  for (const kind of ["hf", "key", "none"] as TokenKind[]) {
    for (const [task, route] of jsonTasks) {
      test(`${task} · token ${kind}: router URL, JSON body`, () => {
        const args = task === "conversational" ? ARGS.conversational! : { inputs: "x", parameters: { a: 1 } };
        const { url, info } = build("hf-inference", task, TOKENS[kind], args, HF_MODEL);
        expect(url).toBe(`${ROUTER}/hf-inference/${route}`);
        expect(info.body).toBe(task === "conversational" ? CHAT_BODY(HF_MODEL) : '{"inputs":"x","parameters":{"a":1}}');
        const headers: Record<string, string> = {};
        if (TOKENS[kind]) headers.Authorization = `Bearer ${TOKENS[kind]}`;
        headers["Content-Type"] = "application/json";
        headers["User-Agent"] = UA;
        expect(info.headers).toEqual(headers);
      });
    }
    for (const task of binaryTasks) {
      test(`${task} · token ${kind}: raw bytes, no Content-Type`, () => {
        const data = new Blob([new Uint8Array([1, 2, 3])]);
        const { url, info } = build(
          "hf-inference",
          task,
          TOKENS[kind],
          { data, parameters: { ignored: true } },
          HF_MODEL,
        );
        expect(url).toBe(`${ROUTER}/hf-inference/models/org/model`);
        expect(info.body).toBe(data);
        expect(info.headers["Content-Type"]).toBeUndefined();
        expect(info.headers.Authorization).toBe(TOKENS[kind] ? `Bearer ${TOKENS[kind]}` : undefined);
      });
    }
  }

  test.each([
    ["https://ep.example/", "https://ep.example/v1/chat/completions"],
    [" https://ep.example/v1// ", "https://ep.example/v1/chat/completions"],
    ["https://ep.example/v1/chat/completions", "https://ep.example/v1/chat/completions"],
  ])("conversational with endpointUrl %s", (endpointUrl, expected) => {
    const helper = ALL_HELPERS.conversational!["hf-inference"]!;
    const { url, info } = makeRequestOptionsFromResolvedModel(
      undefined,
      helper,
      { endpointUrl, messages: [] },
      { task: "conversational" },
    );
    expect(url).toBe(expected);
    expect(info.body).toBe('{"messages":[]}');
  });

  test("other tasks with endpointUrl: the endpoint is the whole URL", () => {
    const helper = ALL_HELPERS["text-classification"]!["hf-inference"]!;
    const { url } = makeRequestOptionsFromResolvedModel(
      HF_MODEL,
      helper,
      { endpointUrl: "https://ep.example/x", model: HF_MODEL, inputs: "a" },
      { task: "text-classification" },
    );
    expect(url).toBe("https://ep.example/x");
  });
});

// The 24 third-party (provider, task) pairs of inference.md §4.1 as data: the call, the wire format of §4.2 and the
// parsed result of §4.3, checked against what the emulator received.
import { ASSETS } from "@hubkit/emulator";
import { b64, wavBlob } from "./helpers.js";

export interface WireCase {
  name: string;
  provider: string;
  fn: string;
  model: string;
  args: Record<string, unknown>;
  /** Route relative to the base, e.g. `v1/chat/completions`. */
  route: string;
  /** Base URL for provider keys (the provider's own host). */
  directBase: string;
  /** Router URL override (fal-ai queue adds a query string). */
  routerUrl?: string;
  /** Exact JSON body text, or "binary" with the expected bytes. */
  body: string | { binary: Uint8Array };
  /** Provider-key Authorization scheme. */
  keyScheme?: "Bearer" | "X-Key" | "Key";
  extraHeaders?: Record<string, string>;
  /** JSON content type header even though... (always JSON here unless binary). */
  result: { equals: unknown } | { blob: Uint8Array } | { chatContent: string };
  /** Emulator settings for async providers. */
  settings?: { bflPendingPolls?: number; falQueuePolls?: number };
}

const chatArgs = { messages: [{ role: "user", content: "Hello" }], max_tokens: 20 };
const chatBody = (id: string) => `{"messages":[{"role":"user","content":"Hello"}],"max_tokens":20,"model":"${id}"}`;
const CHAT_ANSWER = "Hello from the emulator! You said: Hello";
const genArgs = { inputs: "Once upon", parameters: { max_new_tokens: 10, temperature: 0.5 } };
const CONTINUED = "Once upon and the emulator continues";
const ttiArgs = { inputs: "a cat", parameters: { width: 512 } };
const LLAMA = "meta-llama/Llama-3.3-70B-Instruct";
const LLAMA_BASE = "meta-llama/Llama-3.1-8B";
const FLUX = "black-forest-labs/FLUX.1-dev";
const WAV = wavBlob;

const chat = (provider: string, directBase: string, route: string, model: string, providerId: string): WireCase => ({
  name: `${provider} · conversational`,
  provider,
  fn: "chatCompletion",
  model,
  args: chatArgs,
  route,
  directBase,
  body: chatBody(providerId),
  result: { chatContent: CHAT_ANSWER },
});

export const THIRD_PARTY_CASES: WireCase[] = [
  {
    name: "black-forest-labs · text-to-image",
    provider: "black-forest-labs",
    fn: "textToImage",
    model: FLUX,
    args: ttiArgs,
    route: "v1/flux-dev",
    directBase: "https://api.us1.bfl.ai",
    keyScheme: "X-Key",
    body: '{"width":512,"prompt":"a cat"}',
    result: { blob: ASSETS["image.jpeg"].body },
  },
  chat("cerebras", "https://api.cerebras.ai", "v1/chat/completions", LLAMA, "llama-3.3-70b"),
  chat(
    "cohere",
    "https://api.cohere.com",
    "compatibility/v1/chat/completions",
    "CohereForAI/c4ai-command-r7b-12-2024",
    "command-r7b-12-2024",
  ),
  {
    name: "fal-ai · text-to-image",
    provider: "fal-ai",
    fn: "textToImage",
    model: FLUX,
    args: ttiArgs,
    route: "fal-ai/flux/dev",
    directBase: "https://fal.run",
    keyScheme: "Key",
    body: '{"width":512,"sync_mode":true,"prompt":"a cat"}',
    result: { blob: ASSETS["image.jpeg"].body },
  },
  {
    name: "fal-ai · text-to-speech",
    provider: "fal-ai",
    fn: "textToSpeech",
    model: "m-a-p/YuE-s1-7B-anneal-en-cot",
    args: { inputs: "la la la" },
    route: "fal-ai/yue",
    directBase: "https://fal.run",
    keyScheme: "Key",
    body: '{"lyrics":"la la la"}',
    result: { blob: ASSETS["audio.wav"].body },
  },
  {
    name: "fal-ai · text-to-video",
    provider: "fal-ai",
    fn: "textToVideo",
    model: "Lightricks/LTX-Video",
    args: { inputs: "a dog running", parameters: { num_frames: 9 } },
    route: "fal-ai/ltx-video",
    directBase: "https://queue.fal.run",
    routerUrl: "https://router.huggingface.co/fal-ai/fal-ai/ltx-video?_subdomain=queue",
    keyScheme: "Key",
    body: '{"num_frames":9,"prompt":"a dog running"}',
    result: { blob: ASSETS["video.mp4"].body },
    settings: { falQueuePolls: 0 },
  },
  {
    name: "fal-ai · automatic-speech-recognition",
    provider: "fal-ai",
    fn: "automaticSpeechRecognition",
    model: "openai/whisper-large-v3",
    args: { inputs: WAV() },
    route: "fal-ai/whisper",
    directBase: "https://fal.run",
    keyScheme: "Key",
    body: `{"audio_url":"data:audio/wav;base64,${b64(new Uint8Array([82, 73, 70, 70, 0x24, 0, 0, 0, 0x81, 0xff]))}"}`,
    result: { equals: { text: "transcribed by fal" } },
  },
  chat(
    "fireworks-ai",
    "https://api.fireworks.ai",
    "inference/v1/chat/completions",
    LLAMA,
    "accounts/fireworks/models/llama-v3p3-70b-instruct",
  ),
  {
    name: "hyperbolic · text-to-image",
    provider: "hyperbolic",
    fn: "textToImage",
    model: FLUX,
    args: ttiArgs,
    route: "v1/images/generations",
    directBase: "https://api.hyperbolic.xyz",
    body: '{"width":512,"prompt":"a cat","model_name":"FLUX.1-dev"}',
    result: { blob: ASSETS["image.jpeg"].body },
  },
  chat("hyperbolic", "https://api.hyperbolic.xyz", "v1/chat/completions", LLAMA, "meta-llama/Llama-3.3-70B-Instruct"),
  {
    name: "hyperbolic · text-generation",
    provider: "hyperbolic",
    fn: "textGeneration",
    model: LLAMA_BASE,
    args: genArgs,
    route: "v1/chat/completions",
    directBase: "https://api.hyperbolic.xyz",
    body: '{"messages":[{"content":"Once upon","role":"user"}],"max_tokens":10,"temperature":0.5,"model":"meta-llama/Meta-Llama-3.1-8B"}',
    result: { equals: { generated_text: "Hello from the emulator! You said: Once upon" } },
  },
  {
    name: "nebius · text-to-image",
    provider: "nebius",
    fn: "textToImage",
    model: FLUX,
    args: ttiArgs,
    route: "v1/images/generations",
    directBase: "https://api.studio.nebius.ai",
    body: '{"width":512,"response_format":"b64_json","prompt":"a cat","model":"black-forest-labs/flux-dev"}',
    result: { blob: ASSETS["image.jpeg"].body },
  },
  chat(
    "nebius",
    "https://api.studio.nebius.ai",
    "v1/chat/completions",
    LLAMA,
    "meta-llama/Llama-3.3-70B-Instruct-fast",
  ),
  {
    name: "nebius · text-generation",
    provider: "nebius",
    fn: "textGeneration",
    model: LLAMA_BASE,
    args: genArgs,
    route: "v1/completions",
    directBase: "https://api.studio.nebius.ai",
    body: '{"inputs":"Once upon","parameters":{"max_new_tokens":10,"temperature":0.5},"model":"meta-llama/Meta-Llama-3.1-8B-base"}',
    result: { equals: { generated_text: CONTINUED } },
  },
  chat("novita", "https://api.novita.ai", "v3/openai/chat/completions", LLAMA, "meta-llama/llama-3.3-70b-instruct"),
  {
    name: "novita · text-generation",
    provider: "novita",
    fn: "textGeneration",
    model: LLAMA_BASE,
    args: genArgs,
    route: "v3/openai/chat/completions",
    directBase: "https://api.novita.ai",
    body: '{"inputs":"Once upon","parameters":{"max_new_tokens":10,"temperature":0.5},"model":"meta-llama/llama-3.1-8b"}',
    result: { equals: { generated_text: CONTINUED } },
  },
  {
    name: "replicate · text-to-image",
    provider: "replicate",
    fn: "textToImage",
    model: FLUX,
    args: ttiArgs,
    route: "v1/models/black-forest-labs/flux-dev/predictions",
    directBase: "https://api.replicate.com",
    extraHeaders: { prefer: "wait" },
    body: '{"input":{"width":512,"prompt":"a cat"}}',
    result: { blob: ASSETS["image.png"].body },
  },
  {
    name: "replicate · text-to-speech",
    provider: "replicate",
    fn: "textToSpeech",
    model: "hexgrad/Kokoro-82M",
    args: { inputs: "hello world", parameters: { speed: 1 } },
    route: "v1/predictions",
    directBase: "https://api.replicate.com",
    extraHeaders: { prefer: "wait" },
    body: '{"input":{"speed":1,"text":"hello world"},"version":"f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13"}',
    result: { blob: ASSETS["audio.wav"].body },
  },
  {
    name: "replicate · text-to-video",
    provider: "replicate",
    fn: "textToVideo",
    model: "Lightricks/LTX-Video",
    args: { inputs: "a dog running" },
    route: "v1/models/lightricks/ltx-video/predictions",
    directBase: "https://api.replicate.com",
    extraHeaders: { prefer: "wait" },
    body: '{"input":{"prompt":"a dog running"}}',
    result: { blob: ASSETS["video.mp4"].body },
  },
  chat("sambanova", "https://api.sambanova.ai", "v1/chat/completions", LLAMA, "Meta-Llama-3.3-70B-Instruct"),
  {
    name: "together · text-to-image",
    provider: "together",
    fn: "textToImage",
    model: FLUX,
    args: ttiArgs,
    route: "v1/images/generations",
    directBase: "https://api.together.xyz",
    body: '{"width":512,"prompt":"a cat","response_format":"base64","model":"black-forest-labs/FLUX.1-dev"}',
    result: { blob: ASSETS["image.jpeg"].body },
  },
  chat("together", "https://api.together.xyz", "v1/chat/completions", LLAMA, "meta-llama/Llama-3.3-70B-Instruct-Turbo"),
  {
    name: "together · text-generation",
    provider: "together",
    fn: "textGeneration",
    model: LLAMA_BASE,
    args: genArgs,
    route: "v1/completions",
    directBase: "https://api.together.xyz",
    body: '{"model":"meta-llama/Meta-Llama-3.1-8B-Reference","inputs":"Once upon","parameters":{"max_new_tokens":10,"temperature":0.5},"prompt":"Once upon"}',
    result: { equals: { generated_text: CONTINUED } },
  },
];

// Calls @hubkit/inference for the try-it widgets and turns each task's answer into something to display.
import { loadInference } from "../../lib/inference-loader";

/** Where requests go: a provider (through the router with an hf_ token, or directly with a provider key), or the
 * user's own OpenAI-compatible endpoint (llama.cpp server, Ollama, vLLM, TGI…). */
export type Target =
  | { kind: "provider"; provider: string; token: string }
  | { kind: "endpoint"; url: string; token: string };

export type Output =
  | { kind: "chart"; items: Array<{ label: string; score: number }> }
  | { kind: "text"; text: string }
  | { kind: "image"; url: string }
  | { kind: "audio"; url: string }
  | { kind: "json"; value: unknown };

/** The kind of input each supported task takes in the widget. */
export const TASK_INPUTS: Record<string, "text" | "file"> = {
  "text-classification": "text",
  "token-classification": "text",
  "fill-mask": "text",
  summarization: "text",
  translation: "text",
  "text-generation": "text",
  "text2text-generation": "text",
  "feature-extraction": "text",
  "sentence-similarity": "text",
  "zero-shot-classification": "text",
  "text-to-image": "text",
  "text-to-speech": "text",
  "text-to-audio": "text",
  "image-classification": "file",
  "audio-classification": "file",
  "automatic-speech-recognition": "file",
  "object-detection": "file",
};

const FUNCTION_NAMES: Record<string, string> = {
  "text-classification": "textClassification",
  "token-classification": "tokenClassification",
  "fill-mask": "fillMask",
  summarization: "summarization",
  translation: "translation",
  "text-generation": "textGeneration",
  "text2text-generation": "textGeneration",
  "feature-extraction": "featureExtraction",
  "sentence-similarity": "sentenceSimilarity",
  "zero-shot-classification": "zeroShotClassification",
  "text-to-image": "textToImage",
  "text-to-speech": "textToSpeech",
  "text-to-audio": "textToSpeech",
  "image-classification": "imageClassification",
  "audio-classification": "audioClassification",
  "automatic-speech-recognition": "automaticSpeechRecognition",
  "object-detection": "objectDetection",
};

type TaskFunction = (args: Record<string, unknown>, options?: Record<string, unknown>) => Promise<unknown>;

/** Arguments shared by every call: the token, and either the provider + model or the endpoint. */
export function baseArgs(target: Target, model: string): Record<string, unknown> {
  const token = target.token.trim();
  const common: Record<string, unknown> = token ? { accessToken: token } : {};
  if (target.kind === "endpoint") return { ...common, endpointUrl: target.url.trim(), ...(model ? { model } : {}) };
  return { ...common, provider: target.provider, model };
}

/**
 * The token typed into the page is for the router or a provider, never for this hub: requests to this site (the
 * provider-mapping look-up) go without it, so it is neither leaked to this server nor refused by it as an unknown
 * token (401). The browser's own session cookie still goes with them.
 */
export const fetchWithoutTokenForThisSite: typeof fetch = (input, init) => {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (init?.headers === undefined || new URL(href, window.location.href).origin !== window.location.origin)
    return fetch(input, init);
  const headers = new Headers(init.headers);
  headers.delete("Authorization");
  return fetch(input, { ...init, headers });
};

/** Options shared by every call: provider mappings are looked up on this site's own API. */
export function callOptions(signal: AbortSignal): Record<string, unknown> {
  return { signal, hubUrl: window.location.origin, maxRetries: 2, fetch: fetchWithoutTokenForThisSite };
}

function taskArgs(task: string, input: string | Blob): Record<string, unknown> {
  if (task === "sentence-similarity")
    return { inputs: { source_sentence: String(input), sentences: ["That is a happy person", "Today is sunny"] } };
  if (task === "zero-shot-classification")
    return { inputs: String(input), parameters: { candidate_labels: ["refund", "legal", "faq"] } };
  if (typeof input === "string") return { inputs: input };
  return { data: input };
}

export async function runTask(
  task: string,
  target: Target,
  model: string,
  input: string | Blob,
  signal: AbortSignal,
): Promise<Output> {
  const name = FUNCTION_NAMES[task];
  if (name === undefined) throw new Error(`The try-it widget does not support ${task} yet.`);
  const module = (await loadInference()) as unknown as Record<string, TaskFunction>;
  const answer = await module[name]({ ...baseArgs(target, model), ...taskArgs(task, input) }, callOptions(signal));
  return toOutput(task, answer);
}

/** Shapes the answer of `task` for display. Exported for tests. */
export function toOutput(task: string, answer: unknown): Output {
  if (answer instanceof Blob)
    return { kind: task.startsWith("text-to-image") ? "image" : "audio", url: URL.createObjectURL(answer) };
  if (Array.isArray(answer) && answer.every(isScored)) {
    return {
      kind: "chart",
      items: answer.map((item) => ({ label: labelOf(item), score: item.score })),
    };
  }
  if (task === "zero-shot-classification" && isRecord(answer) && Array.isArray(answer.labels)) {
    const scores = Array.isArray(answer.scores) ? answer.scores : [];
    return {
      kind: "chart",
      items: answer.labels.map((label, index) => ({ label: String(label), score: Number(scores[index] ?? 0) })),
    };
  }
  if (isRecord(answer)) {
    for (const key of ["generated_text", "summary_text", "translation_text", "text"])
      if (typeof answer[key] === "string") return { kind: "text", text: answer[key] as string };
  }
  if (Array.isArray(answer) && task === "sentence-similarity")
    return {
      kind: "chart",
      items: answer.map((score, index) => ({ label: `sentence ${index + 1}`, score: Number(score) })),
    };
  return { kind: "json", value: answer };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScored(value: unknown): value is Record<string, unknown> & { score: number } {
  return isRecord(value) && typeof value.score === "number";
}

function labelOf(item: Record<string, unknown>): string {
  for (const key of ["label", "token_str", "entity_group", "word", "answer"])
    if (typeof item[key] === "string") return item[key] as string;
  return "?";
}

/** A readable message for a failed call, with a hint when the network is the problem. */
export function describeError(error: unknown): string {
  if (error instanceof DOMException && error.name === "AbortError") return "Stopped.";
  const message = error instanceof Error ? error.message : String(error);
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    return `You are offline: ${message}. Use a local endpoint (llama.cpp, Ollama) or reconnect.`;
  // The client wraps every network failure in InferenceClientNetworkError (checked by name: the class lives in the
  // lazily loaded client); a bare fetch TypeError can still come from elsewhere.
  const network = error instanceof Error && error.name === "InferenceClientNetworkError";
  if (network || (error instanceof TypeError && /fetch|network/i.test(message)))
    return `The endpoint cannot be reached (${message}). Check the URL, that the server is running and that it allows this origin (CORS), or whether you are offline.`;
  return message;
}

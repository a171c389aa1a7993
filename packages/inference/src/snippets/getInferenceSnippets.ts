// getInferenceSnippets (inference.md §10): pure and synchronous. Each call decides its own template and inputs
// (no state shared between calls, §12); the request comes from the client's own builder, so URLs, headers and
// payloads are those of a real call.
import { getModelInputSnippet, type InferenceSnippet, type ModelDataMinimal } from "@hubkit/tasks";
import { HF_ROUTER_URL } from "../config.js";
import { makeRequestOptionsFromResolvedModel } from "../lib/makeRequestOptions.js";
import { ALL_HELPERS } from "../providers/all-helpers.js";
import type { ProviderHelper } from "../providers/types.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import { buildContext, type DataUrlMember } from "./context.js";
import { authScheme, snippetCredentials } from "./credentials.js";
import { decodeExample, encodeObject, pyLiteral } from "./encode.js";
import { renderSnippet } from "./render.js";
import {
  CLIENTS,
  DATA_URL_INPUTS,
  JS_METHODS,
  PYTHON_KEYWORD_INPUTS,
  PYTHON_METHODS,
  TEMPLATE_BY_PIPELINE_TAG,
  TEMPLATES_BY_CLIENT,
  type TemplateName,
  ZERO_SHOT_IMAGE_LABELS,
  ZERO_SHOT_LABELS,
} from "./tables.js";

export interface SnippetOptions {
  streaming?: boolean;
  messages?: unknown[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  billTo?: string;
  /** Without a token: call the provider directly with `<PROVIDER>_API_KEY` instead of the router with HF_TOKEN. */
  directRequest?: boolean;
  [key: string]: unknown;
}

const DEFAULT_MAX_TOKENS = 512;

function chooseTemplate(
  model: ModelDataMinimal,
  opts: SnippetOptions,
): { template: TemplateName; task: string } | null {
  const tag = model.pipeline_tag;
  if (typeof tag !== "string") return null;
  const tags = Array.isArray(model.tags) ? model.tags : [];
  if ((tag === "text-generation" || tag === "image-text-to-text") && tags.includes("conversational")) {
    return { template: opts.streaming ? "conversationalStream" : "conversational", task: "conversational" };
  }
  const template = Object.hasOwn(TEMPLATE_BY_PIPELINE_TAG, tag) ? TEMPLATE_BY_PIPELINE_TAG[tag] : undefined;
  // A non-conversational image-text-to-text model has no handler anywhere (§10.3).
  if (!template || template === "conversational") return null;
  return { template, task: tag };
}

/** The inputs object of §10.6 (ours: tabular examples are wrapped in `data`, the form the task takes). */
function prepareInputs(template: TemplateName, example: unknown, opts: SnippetOptions): Record<string, unknown> {
  if (template === "conversational" || template === "conversationalStream") {
    const inputs: Record<string, unknown> = { messages: opts.messages ?? example };
    if (opts.temperature !== undefined) inputs.temperature = opts.temperature;
    inputs.max_tokens = opts.max_tokens ?? DEFAULT_MAX_TOKENS;
    if (opts.top_p !== undefined) inputs.top_p = opts.top_p;
    return inputs;
  }
  const obj = (example ?? {}) as Record<string, unknown>;
  if (template === "documentQuestionAnswering") return { ...obj };
  if (template === "imageToImage") return { inputs: obj.image, parameters: { prompt: obj.prompt } };
  if (template === "tabular") return { inputs: { data: example } };
  if (template === "zeroShotClassification") {
    return { inputs: example, parameters: { candidate_labels: [...ZERO_SHOT_LABELS] } };
  }
  if (template === "zeroShotImageClassification") {
    return { inputs: example, parameters: { candidate_labels: [...ZERO_SHOT_IMAGE_LABELS] } };
  }
  return { inputs: example };
}

/** Keyword arguments of a structured example for huggingface_hub (`question=…,` lines). */
function pythonKeywordArgs(task: string, example: unknown): string {
  const keys = PYTHON_KEYWORD_INPUTS[task];
  if (!keys || example === null || typeof example !== "object") return "";
  const obj = example as Record<string, unknown>;
  return keys.map(([key, name]) => `    ${name}=${pyLiteral(obj[key], 1)},`).join("\n");
}

/** The body member that carries the data URL (its value is the prefix the file's base64 is appended to). */
function dataUrlMember(body: unknown, contentType: string): DataUrlMember | undefined {
  if (body === null || typeof body !== "object") return undefined;
  const prefix = `data:${contentType};base64,`;
  const key = Object.keys(body).find((k) => (body as Record<string, unknown>)[k] === prefix);
  return key === undefined ? undefined : { key, prefix, contentType };
}

/** Provider base URLs pinned to their public defaults (snippets never show a test or env override). */
function publicProviderUrls(helper: ProviderHelper<unknown>): Record<string, string> {
  const urls: Record<string, string> = {};
  helper.makeBaseUrl({
    authMethod: "provider-key",
    routerUrl: HF_ROUTER_URL,
    directUrl: (key, fallback) => {
      urls[key] = fallback;
      return fallback;
    },
  });
  return urls;
}

function validate(model: unknown, accessToken: unknown, provider: unknown, providerModelId: unknown, opts: unknown) {
  if (model === null || typeof model !== "object" || typeof (model as { id?: unknown }).id !== "string") {
    throw new TypeError("getInferenceSnippets: model must be an object with a string id");
  }
  if (accessToken !== undefined && accessToken !== null && typeof accessToken !== "string") {
    throw new TypeError("getInferenceSnippets: accessToken must be a string");
  }
  if (typeof provider !== "string") throw new TypeError("getInferenceSnippets: provider must be a string");
  if (providerModelId !== undefined && providerModelId !== null && typeof providerModelId !== "string") {
    throw new TypeError("getInferenceSnippets: providerModelId must be a string");
  }
  if (opts !== undefined && opts !== null && typeof opts !== "object") {
    throw new TypeError("getInferenceSnippets: opts must be an object");
  }
}

export function getInferenceSnippets(
  model: ModelDataMinimal,
  accessToken: string,
  provider: InferenceProvider,
  providerModelId?: string,
  opts?: Record<string, unknown>,
): InferenceSnippet[] {
  validate(model, accessToken, provider, providerModelId, opts);
  const options: SnippetOptions = opts ?? {};
  const choice = chooseTemplate(model, options);
  if (!choice) return [];
  const { task } = choice;
  const table = ALL_HELPERS[task as InferenceTask];
  const helper = table && Object.hasOwn(table, provider) ? table[provider] : undefined;
  if (!helper) return [];
  const pair = `${provider}/${task}`;
  const dataUrlInput = Object.hasOwn(DATA_URL_INPUTS, pair) ? DATA_URL_INPUTS[pair] : undefined;
  const template = dataUrlInput?.template ?? choice.template;

  let resolvedId = providerModelId || model.id;
  if (helper.clientSideRoutingOnly && !providerModelId) {
    const prefix = `${provider}/`;
    if (!model.id.startsWith(prefix)) return [];
    resolvedId = model.id.slice(prefix.length);
  }
  const credentials = snippetCredentials(
    accessToken || undefined,
    provider,
    options.directRequest === true,
    helper.clientSideRoutingOnly,
  );
  const rawExample = getModelInputSnippet(model);
  const example = dataUrlInput
    ? dataUrlInput.file
    : typeof rawExample === "string"
      ? decodeExample(rawExample)
      : rawExample;
  // A data-URL input is built as the client builds it for an empty file: the snippet appends the file's base64.
  const inputs = dataUrlInput
    ? dataUrlInput.toArgs(dataUrlInput.contentType, "")
    : prepareInputs(template, example, options);
  const billTo = typeof options.billTo === "string" && options.billTo !== "" ? options.billTo : undefined;

  let request: ReturnType<typeof makeRequestOptionsFromResolvedModel>;
  try {
    request = makeRequestOptionsFromResolvedModel(
      resolvedId,
      helper,
      { accessToken: credentials.buildToken, provider, ...inputs },
      { task: task as InferenceTask, routerUrl: HF_ROUTER_URL, providerUrls: publicProviderUrls(helper) },
    );
  } catch {
    // e.g. openai with an hf_ token: no request, hence no snippet (§10.1)
    return [];
  }
  const providerInputs = typeof request.info.body === "string" ? JSON.parse(request.info.body) : inputs;
  const dataUrl = dataUrlInput ? dataUrlMember(providerInputs, dataUrlInput.contentType) : undefined;
  if (dataUrlInput && !dataUrl) return [];
  const context = buildContext({
    model,
    provider,
    providerModelId: resolvedId,
    fullUrl: request.url,
    scheme: authScheme(request.info.headers.Authorization, credentials.buildToken),
    credentials,
    inputs: encodeObject(inputs),
    providerInputs: encodeObject(providerInputs),
    example,
    pyKeywordArgs: pythonKeywordArgs(task, example),
    billTo,
    dataUrl,
  });

  const snippets: InferenceSnippet[] = [];
  for (const language of ["python", "js", "sh"] as const) {
    for (const client of CLIENTS[language]) {
      if (!TEMPLATES_BY_CLIENT[`${language}/${client}`]?.includes(template)) continue;
      let methodName: string | undefined;
      if (client === "huggingface_hub") methodName = PYTHON_METHODS[task];
      if (client === "huggingface.js") methodName = JS_METHODS[task];
      if (template.includes("basic") && (client === "huggingface_hub" || client === "huggingface.js") && !methodName) {
        continue;
      }
      const content = renderSnippet(language, client, template, { ...context, methodName });
      if (content) snippets.push({ language, client, content });
    }
  }
  return snippets;
}

// The local apps offered on model pages (catalogue.md §9), in display order. `LocalAppKey` is the union of the keys.
import {
  deeplinkBackyard,
  deeplinkDiffusionBee,
  deeplinkDrawThings,
  deeplinkInvoke,
  deeplinkJan,
  deeplinkJellybox,
  deeplinkJoyFusion,
  deeplinkLmStudio,
  deeplinkMsty,
  deeplinkRecurseChat,
  deeplinkSanctum,
} from "./deeplinks.js";
import { snippetLlamaCpp, snippetLocalAI, snippetNodeLlamaCpp, snippetOllama } from "./llm-snippets.js";
import {
  isDiffusersModel,
  isJellyboxModel,
  isLlamaCppGgufModel,
  isLoraModel,
  isMlxModel,
  isTextToImageModel,
  isTgiModel,
  isVllmModel,
} from "./predicates.js";
import { snippetTgi, snippetVllm } from "./server-snippets.js";
import type { LocalApp } from "./types.js";

export type {
  DeeplinkLocalApp,
  LocalApp,
  LocalAppSnippet,
  LocalAppSnippetOutput,
  SnippetLocalApp,
} from "./types.js";

export const LOCAL_APPS = {
  "llama.cpp": {
    prettyLabel: "llama.cpp",
    docsUrl: "https://github.com/ggerganov/llama.cpp",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    snippet: snippetLlamaCpp,
  },
  "node-llama-cpp": {
    prettyLabel: "node-llama-cpp",
    docsUrl: "https://node-llama-cpp.withcat.ai",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    snippet: snippetNodeLlamaCpp,
  },
  vllm: {
    prettyLabel: "vLLM",
    docsUrl: "https://docs.vllm.ai",
    mainTask: "text-generation",
    displayOnModelPage: isVllmModel,
    snippet: snippetVllm,
  },
  tgi: {
    prettyLabel: "TGI",
    docsUrl: "https://huggingface.co/docs/text-generation-inference/",
    mainTask: "text-generation",
    displayOnModelPage: isTgiModel,
    snippet: snippetTgi,
  },
  lmstudio: {
    prettyLabel: "LM Studio",
    docsUrl: "https://lmstudio.ai",
    mainTask: "text-generation",
    displayOnModelPage: (model) => isLlamaCppGgufModel(model) || isMlxModel(model),
    deeplink: deeplinkLmStudio,
  },
  localai: {
    prettyLabel: "LocalAI",
    docsUrl: "https://github.com/mudler/LocalAI",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    snippet: snippetLocalAI,
  },
  jan: {
    prettyLabel: "Jan",
    docsUrl: "https://jan.ai",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    deeplink: deeplinkJan,
  },
  backyard: {
    prettyLabel: "Backyard AI",
    docsUrl: "https://backyard.ai",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    deeplink: deeplinkBackyard,
  },
  sanctum: {
    prettyLabel: "Sanctum",
    docsUrl: "https://sanctum.ai",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    deeplink: deeplinkSanctum,
  },
  jellybox: {
    prettyLabel: "Jellybox",
    docsUrl: "https://jellybox.com",
    mainTask: "text-generation",
    displayOnModelPage: isJellyboxModel,
    deeplink: deeplinkJellybox,
  },
  msty: {
    prettyLabel: "Msty",
    docsUrl: "https://msty.app",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    deeplink: deeplinkMsty,
  },
  recursechat: {
    prettyLabel: "RecurseChat",
    docsUrl: "https://recurse.chat",
    mainTask: "text-generation",
    macOSOnly: true,
    displayOnModelPage: isLlamaCppGgufModel,
    deeplink: deeplinkRecurseChat,
  },
  drawthings: {
    prettyLabel: "Draw Things",
    docsUrl: "https://drawthings.ai",
    mainTask: "text-to-image",
    macOSOnly: true,
    displayOnModelPage: (model) => isDiffusersModel(model) && (isTextToImageModel(model) || isLoraModel(model)),
    deeplink: deeplinkDrawThings,
  },
  diffusionbee: {
    prettyLabel: "DiffusionBee",
    docsUrl: "https://diffusionbee.com",
    mainTask: "text-to-image",
    macOSOnly: true,
    displayOnModelPage: (model) => isDiffusersModel(model) && isTextToImageModel(model),
    deeplink: deeplinkDiffusionBee,
  },
  joyfusion: {
    prettyLabel: "JoyFusion",
    docsUrl: "https://joyfusion.app",
    mainTask: "text-to-image",
    macOSOnly: true,
    displayOnModelPage: (model) =>
      model.tags.includes("coreml") && model.tags.includes("joyfusion") && isTextToImageModel(model),
    deeplink: deeplinkJoyFusion,
  },
  invoke: {
    prettyLabel: "Invoke",
    docsUrl: "https://github.com/invoke-ai/InvokeAI",
    mainTask: "text-to-image",
    displayOnModelPage: (model) => isDiffusersModel(model) && isTextToImageModel(model),
    deeplink: deeplinkInvoke,
  },
  ollama: {
    prettyLabel: "Ollama",
    docsUrl: "https://ollama.com",
    mainTask: "text-generation",
    displayOnModelPage: isLlamaCppGgufModel,
    snippet: snippetOllama,
  },
} satisfies Record<string, LocalApp>;

export type LocalAppKey = keyof typeof LOCAL_APPS;

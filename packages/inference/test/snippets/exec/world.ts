// The emulated world the snippets run against: a model table mapping every matrix model to every provider that
// serves its task, the environment of the snippet processes, and the base-URL rewrite of snippet text.
import {
  EMULATED_HOSTS,
  type EmulatedModel,
  type Emulator,
  PROVIDER_BASE_URLS,
  rewriteToEmulator,
  startEmulator,
} from "@hubkit/emulator";
import { matrixModels, modelFor, providerModelIdFor, providersFor } from "../matrix.js";

/** Every matrix model, with a live mapping for each third-party provider of its task. */
export function worldModels(): EmulatedModel[] {
  const models: EmulatedModel[] = [];
  for (const { task, model } of matrixModels()) {
    const mapping: NonNullable<EmulatedModel["inferenceProviderMapping"]> = {};
    for (const provider of providersFor(task)) {
      const providerId = providerModelIdFor(provider, model.id);
      if (provider === "hf-inference" || provider === "openai" || !providerId) continue;
      mapping[provider] = { providerId, status: "live", task };
    }
    models.push({ id: model.id, pipeline_tag: model.pipeline_tag ?? "", inferenceProviderMapping: mapping });
    models.push({ id: modelFor("openai", model).id, pipeline_tag: model.pipeline_tag ?? "" });
  }
  return models;
}

export function startWorld(): Promise<Emulator> {
  return startEmulator({ models: worldModels(), falQueuePolls: 0 });
}

/** Rewrites `https://<emulated host>` prefixes in snippet text to the emulator (the only change made to a snippet). */
export function redirectHosts(text: string, emulatorUrl: string): string {
  const hosts = [...EMULATED_HOSTS].sort((a, b) => b.length - a.length).map((h) => h.replace(/\./g, "\\."));
  const pattern = new RegExp(`https://(${hosts.join("|")})(?=[/"'\`\\s]|$)`, "gm");
  return text.replace(pattern, (_match, host: string) => `${emulatorUrl}/_host/${host}`);
}

/** Environment of every snippet process: no proxies, and the client's documented base-URL variables. */
export function snippetEnv(emulatorUrl: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(https?_proxy|all_proxy|no_proxy)$/i.test(key)) continue;
    if (/^(HF_|HUBKIT_)|_API_KEY$/.test(key)) continue;
    env[key] = value;
  }
  env.NO_PROXY = "*";
  env.no_proxy = "*";
  env.HUBKIT_HUB_URL = `${emulatorUrl}/_host/huggingface.co`;
  env.HUBKIT_ROUTER_URL = `${emulatorUrl}/_host/router.huggingface.co`;
  for (const [provider, base] of Object.entries(PROVIDER_BASE_URLS)) {
    env[`HUBKIT_PROVIDER_URL_${provider.toUpperCase().replace(/-/g, "_")}`] = rewriteToEmulator(base, emulatorUrl);
  }
  env.HUBKIT_PROVIDER_URL_FAL_AI_QUEUE = `${emulatorUrl}/_host/queue.fal.run`;
  return env;
}

// Routes one request to the hub, the router or a provider, after the auth checks each host makes.
import { ASSETS } from "./assets.js";
import { FAL_QUEUE_HOST, HUB_HOST, PROVIDER_HOSTS, ROUTER_HOST } from "./hosts.js";
import { hub } from "./hub.js";
import { blackForestLabs, falQueue, falSync } from "./providers/async-jobs.js";
import { chatCompletion } from "./providers/chat.js";
import { hfInference } from "./providers/hf-inference.js";
import { openAiLike } from "./providers/openai-like.js";
import { replicate } from "./providers/replicate.js";
import { bytesReply, errorReply, jsonReply, type Reply, type RequestContext } from "./reply.js";

/** The Authorization scheme each provider's own API expects for its keys (inference.md §3.4). */
const DIRECT_AUTH_SCHEME: Readonly<Record<string, string>> = { "black-forest-labs": "X-Key", "fal-ai": "Key" };

export interface Routed {
  service: string;
  reply: () => Reply;
}

/** Decides which part of the emulated world answers; `direct` marks hits on the emulator's own origin. */
export function route(ctx: RequestContext, direct: boolean): Routed {
  const { pathname } = ctx;
  if (direct && pathname.startsWith("/_assets/")) {
    const asset = ASSETS[pathname.slice("/_assets/".length)];
    return {
      service: "assets",
      reply: () => (asset ? bytesReply(asset.contentType, asset.body) : errorReply(404, "No such asset")),
    };
  }
  if (ctx.host === HUB_HOST || (direct && pathname.startsWith("/api/")))
    return { service: "hub", reply: () => hub(ctx) };
  if (ctx.host === ROUTER_HOST || direct) return routerRoute(ctx);
  const provider = PROVIDER_HOSTS[ctx.host];
  if (provider) return { service: provider, reply: () => directProvider(ctx, provider) };
  return { service: "unknown", reply: () => errorReply(404, `Unknown host ${ctx.host}`) };
}

function routerRoute(ctx: RequestContext): Routed {
  const auth = ctx.headers.authorization;
  const badAuth = auth !== undefined && !auth.startsWith("Bearer ");
  const guard = (answer: () => Reply) => () =>
    badAuth ? errorReply(401, "Invalid credentials in Authorization header") : answer();
  if (ctx.pathname === "/v1/chat/completions") {
    // The real router needs `model`; on the emulator's own origin this route doubles as a custom
    // OpenAI-compatible endpoint (TGI-style), where `model` is optional.
    const modelRequired = ctx.host === ROUTER_HOST;
    return {
      service: "router",
      reply: guard(() => (ctx.method === "POST" ? chatCompletion(ctx, modelRequired) : notFound(ctx))),
    };
  }
  if (ctx.pathname === "/v1/models" && ctx.method === "GET") {
    // OpenAI-compatible clients list models before chatting with a custom endpoint.
    const data = [...ctx.state.models.values()].map((m) => ({
      id: m.id,
      object: "model",
      created: 1732000000,
      owned_by: "emulator",
    }));
    return { service: "router", reply: () => jsonReply(200, { object: "list", data }) };
  }
  const match = /^\/([^/]+)(\/.*)?$/.exec(ctx.pathname);
  const provider = match?.[1] ?? "";
  if (!match || !isProvider(provider)) return { service: "router", reply: () => notFound(ctx) };
  const subpath = match[2] ?? "/";
  return { service: provider, reply: guard(() => providerAnswer(ctx, provider, subpath, `/${provider}`)) };
}

function directProvider(ctx: RequestContext, provider: string): Reply {
  const isBflPoll = provider === "black-forest-labs" && ctx.method === "GET";
  if (ctx.state.settings.strictProviderAuth && !isBflPoll) {
    const scheme = DIRECT_AUTH_SCHEME[provider] ?? "Bearer";
    const auth = ctx.headers.authorization ?? "";
    if (!auth.startsWith(`${scheme} `) || auth.length <= scheme.length + 1) {
      return errorReply(401, `Missing or malformed API key: expected "Authorization: ${scheme} <key>"`);
    }
  }
  return providerAnswer(ctx, provider, ctx.pathname, "");
}

const isProvider = (name: string): boolean => Object.values(PROVIDER_HOSTS).includes(name) || name === "hf-inference";

function providerAnswer(ctx: RequestContext, provider: string, path: string, prefix: string): Reply {
  const knownModel = (id: string) =>
    provider === "openai" ||
    [...ctx.state.models.values()].some((m) => m.inferenceProviderMapping?.[provider]?.providerId === id);
  switch (provider) {
    case "hf-inference":
      return prefix ? hfInference(ctx, path) : notFound(ctx);
    case "black-forest-labs":
      return blackForestLabs(ctx, path, prefix, knownModel);
    case "fal-ai":
      return ctx.host === FAL_QUEUE_HOST || ctx.query.get("_subdomain") === "queue"
        ? falQueue(ctx, path, knownModel)
        : falSync(ctx, path, knownModel);
    case "replicate":
      return replicate(ctx, path, (predicate) => {
        for (const model of ctx.state.models.values()) {
          const entry = model.inferenceProviderMapping?.replicate;
          if (entry && predicate(entry.providerId)) return entry;
        }
        return undefined;
      });
    default:
      return openAiLike(ctx, provider, path, knownModel);
  }
}

const notFound = (ctx: RequestContext): Reply => errorReply(404, `Not Found: ${ctx.method} ${ctx.pathname}`);

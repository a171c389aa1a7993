// startEmulator: one node:http server on 127.0.0.1 that records every request and answers as hub, router and providers.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { route } from "./dispatch.js";
import { applyFault, type PendingFault, takeFault, writeReply } from "./faults.js";
import { createEmulatorFetch, HOST_PREFIX } from "./hosts.js";
import { DEFAULT_MODELS, DEFAULT_TASK_MODELS } from "./model-table.js";
import { type EmulatorState, errorReply, type Reply, type RequestContext } from "./reply.js";
import type { Emulator, EmulatorOptions, RecordedRequest } from "./types.js";

const decoder = new TextDecoder();

async function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    "access-control-allow-origin": origin ?? "*",
    ...(origin ? { "access-control-allow-credentials": "true", vary: "Origin" } : {}),
    "access-control-expose-headers": "x-request-id, retry-after, content-type",
  };
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const defaults = {
    bflPendingPolls: options.bflPendingPolls ?? 0,
    falQueuePolls: options.falQueuePolls ?? 1,
    strictProviderAuth: options.strictProviderAuth ?? true,
  };
  let counter = 0;
  const state: EmulatorState = {
    models: new Map((options.models ?? DEFAULT_MODELS).map((m) => [m.id, structuredClone(m)])),
    taskDefaults: structuredClone(options.taskDefaults ?? DEFAULT_TASK_MODELS),
    settings: { ...defaults },
    jobs: new Map(),
    nextId: () => ++counter,
    emulatorUrl: "",
  };
  const requests: RecordedRequest[] = [];
  const faults: PendingFault[] = [];
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const cors = corsHeaders(req);
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", state.emulatorUrl);
    let host = url.host;
    let pathname = url.pathname;
    const direct = !pathname.startsWith(HOST_PREFIX);
    if (!direct) {
      const rest = pathname.slice(HOST_PREFIX.length);
      const slash = rest.indexOf("/");
      host = slash < 0 ? rest : rest.slice(0, slash);
      pathname = slash < 0 ? "/" : rest.slice(slash);
    }
    const origin = direct ? state.emulatorUrl : `https://${host}`;
    const text = decoder.decode(body);
    const headers = lowerHeaders(req);
    const ctx: RequestContext = {
      method: req.method ?? "GET",
      host,
      origin,
      pathname,
      query: url.searchParams,
      headers,
      body,
      text,
      json: parseJson(text),
      state,
    };
    const routed = route(ctx, direct);
    const record: RecordedRequest = {
      method: ctx.method,
      url: `${origin}${pathname}${url.search}`,
      host,
      path: `${pathname}${url.search}`,
      service: routed.service,
      headers,
      body,
      text,
      json: ctx.json,
      time: Date.now(),
    };
    requests.push(record);
    const fault = takeFault(faults, record);
    let reply: Reply;
    try {
      reply = routed.reply();
    } catch (error) {
      reply = errorReply(500, `Emulator failure: ${error instanceof Error ? error.message : String(error)}`);
    }
    const requestId = `emu-req-${state.nextId()}`;
    await writeReply(res, applyFault(reply, fault), fault, { ...cors, "x-request-id": requestId });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  state.emulatorUrl = `http://127.0.0.1:${port}`;

  return {
    url: state.emulatorUrl,
    port,
    requests,
    models: state.models,
    settings: state.settings,
    addModels: (...models) => {
      for (const model of models) state.models.set(model.id, structuredClone(model));
    },
    reset: () => {
      requests.length = 0;
      faults.length = 0;
      state.jobs.clear();
      Object.assign(state.settings, defaults);
    },
    inject: (fault) => {
      faults.push({ fault, remaining: fault.times ?? 1 });
    },
    fetch: createEmulatorFetch(state.emulatorUrl),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

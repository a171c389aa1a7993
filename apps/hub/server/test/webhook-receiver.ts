// A real HTTP receiver for webhook tests on 127.0.0.1: it records every request (path, headers, JSON body, time)
// and answers per path with a behaviour the test sets: a status, a redirect, or no answer at all (a hang).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
  at: number;
}

export type Behaviour = { status: number; location?: string } | "hang";

export interface Receiver {
  url: string;
  received: Received[];
  /** The answer for `path` (default 200); a function gets the number of earlier requests to that path. */
  on(path: string, behaviour: Behaviour | ((count: number) => Behaviour)): void;
  /** The requests to `path` so far. */
  at(path: string): Received[];
  /** Resolves once `path` has had `count` requests (rejects after `timeoutMs`). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const behaviours = new Map<string, (count: number) => Behaviour>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const count = received.filter((entry) => entry.path === path).length;
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        body = { unparsable: Buffer.concat(chunks).toString("utf8") };
      }
      received.push({ path, headers: request.headers, body, at: Date.now() });
      const behaviour = behaviours.get(path)?.(count) ?? { status: 200 };
      if (behaviour === "hang") {
        hanging.push(response);
        return;
      }
      response.writeHead(behaviour.status, behaviour.location !== undefined ? { Location: behaviour.location } : {});
      response.end(`answer ${behaviour.status}`);
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (path: string) => received.filter((entry) => entry.path === path);
  return {
    url,
    received,
    on(path, behaviour) {
      behaviours.set(path, typeof behaviour === "function" ? behaviour : () => behaviour);
    },
    at,
    async waitFor(path, count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (at(path).length < count) {
        if (Date.now() > deadline)
          throw new Error(`${path}: ${at(path).length} of ${count} requests after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return at(path);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

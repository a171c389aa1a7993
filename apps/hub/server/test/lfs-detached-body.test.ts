// An upload body whose client goes away while nothing reads it (the store still deciding what it holds): the
// pass-through fails quietly for whoever reads it later, and the process lives on. Before detachedBody listened
// for its own error, this raised an 'error' event with no listener, which ended the hub's process.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import { detachedBody } from "../src/lfs/detached-body.js";

let server: Server;
let port: number;
/** What each request's handler does with its detached body. */
let handle: (body: Readable, req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => handle(detachedBody(req), req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((done) => server.close(() => done()));
});

/** A PUT declaring `declared` bytes that sends `body` (all of it, or a part and then drops the connection). */
function put(body: Buffer, declared: number) {
  const req = request({ host: "127.0.0.1", port, method: "PUT", path: "/", headers: { "content-length": declared } });
  req.on("error", () => {});
  req.on("response", (res) => res.resume());
  if (body.length === declared) req.end(body);
  else req.write(body, () => setTimeout(() => req.destroy(), 50));
}

async function readAll(body: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of body) bytes += (chunk as Buffer).length;
  return bytes;
}

test("a client gone before anyone read the body: reading it later fails with the hub's 400, the process stays up", async () => {
  const closedUnread = new Promise<Readable>((done) => {
    handle = (body, req) => req.once("close", () => setImmediate(() => done(body)));
  });
  put(Buffer.alloc(10, 7), 1000);
  const body = await closedUnread;
  await expect(readAll(body)).rejects.toMatchObject({ status: 400, message: "The upload was interrupted" });
});

test("a reader that stops after the first chunk, then the client goes: nothing is raised", async () => {
  const stopped = new Promise<number>((done) => {
    handle = async (body, req) => {
      let first = 0;
      for await (const chunk of body) {
        first = (chunk as Buffer).length;
        break; // ends the reading (the pass-through is destroyed), the request goes on arriving
      }
      req.once("close", () => setImmediate(() => done(first)));
    };
  });
  put(Buffer.alloc(10, 7), 1000);
  expect(await stopped).toBe(10);
});

test("a complete upload reads whole", async () => {
  const read = new Promise<number>((done, fail) => {
    handle = (body, _req, res) =>
      readAll(body).then((n) => {
        res.end();
        done(n);
      }, fail);
  });
  put(Buffer.from("hello"), 5);
  expect(await read).toBe(5);
});

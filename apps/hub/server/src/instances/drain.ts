// Graceful shutdown of the HTTP server: stop accepting connections, let the requests in flight (an upload of
// gigabytes, a commit) finish for up to `drainMs`, then cut what is left. Node keeps a closed server's kept-alive
// connections serving new requests, so while draining every answer says `Connection: close` and idle connections
// are closed as they appear; a load balancer in front sends new requests to the other servers meanwhile.
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** How often idle kept-alive connections are closed while draining. */
const IDLE_SWEEP_MS = 100;

/** Closes `server`, waiting up to `drainMs` for requests in flight; resolves once every connection is gone. */
export async function closeDraining(server: Server, drainMs: number): Promise<void> {
  const closeAfterAnswer = (_request: IncomingMessage, response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("Connection", "close");
  };
  server.on("request", closeAfterAnswer);
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((done) => {
    timer = setTimeout(done, drainMs);
  });
  try {
    await Promise.race([closed, deadline]);
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
    server.off("request", closeAfterAnswer);
  }
  server.closeAllConnections(); // past the bound: requests still running are cut
  await closed;
}

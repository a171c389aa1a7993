// The operator's way in while the server runs: a Unix socket in the data folder (`admin.sock`, mode 0600, so only
// the account that owns the data folder can connect), served by the same app, where every request is the admin
// principal (auth/middleware.ts). The CLI (src/cli.ts) talks to it when a server runs; PGlite's folder lock keeps
// anything else from opening the database then. No admin token is needed: file permissions are the credential.
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { markAdminSocketRequest } from "./admin-socket-marker.js";

export const ADMIN_SOCKET_NAME = "admin.sock";
/** Unix socket paths are limited to 107 bytes on Linux (sun_path). */
const MAX_SOCKET_PATH = 107;

export function adminSocketPath(dataRoot: string): string {
  return join(dataRoot, ADMIN_SOCKET_NAME);
}

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** Does a server answer on this socket? (A file left by a crashed server does not.) */
export function socketAnswers(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(path);
    const finish = (answer: boolean) => {
      socket.destroy();
      done(answer);
    };
    socket.once("connect", () => finish(true));
    socket.once("error", () => finish(false));
    socket.setTimeout(2000, () => finish(false));
  });
}

/**
 * Serves `fetch` on `<dataRoot>/admin.sock` as the admin; returns how to close it, or undefined (with a log line)
 * when it cannot (path too long, another server on the folder).
 */
export async function listenAdminSocket(
  fetch: Fetch,
  dataRoot: string,
  log: (line: string) => void = () => {},
): Promise<(() => Promise<void>) | undefined> {
  const path = adminSocketPath(dataRoot);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log(`[hub] no admin socket: ${path} is longer than ${MAX_SOCKET_PATH} bytes (use the admin API instead)`);
    return undefined;
  }
  if (existsSync(path)) {
    if (await socketAnswers(path)) {
      log(`[hub] no admin socket: another server answers on ${path}`);
      return undefined;
    }
    unlinkSync(path); // left by a server that did not shut down
  }
  const server: Server = createServer(
    getRequestListener((request, env) => fetch(markAdminSocketRequest(request), env)),
  );
  // The socket file is created by bind, inside listen(): with this umask it is never connectable by others, not
  // even for an instant; chmod makes sure of 0600 whatever the umask was.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((ready, fail) => {
      server.once("error", fail);
      server.listen(path, () => ready());
    });
  } catch (error) {
    log(`[hub] no admin socket: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
}

// `npm run hub -w apps/hub -- <command>`: the operator's account commands (auth/cli-commands.ts lists them). While
// a server runs on the data folder, they go through its admin socket (auth/admin-socket.ts): the server's own
// routes and database, no restart. With no server, they run in-process on the same database (DATABASE_URL, or
// PGlite in HUBKIT_DATA_DIR). Output: one line on stdout; errors: one line on stderr and a non-zero exit.
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { adminSocketPath } from "./auth/admin-socket.js";
import { type CommandRequest, parseCommand, USAGE } from "./auth/cli-commands.js";
import { loadConfig } from "./config.js";

/** Longest answer we read from the server (a members list of 1000 is well under). */
const MAX_ANSWER = 4 * 1024 * 1024;
const MAX_PASSWORD_INPUT = 4096;

interface Answer {
  status: number;
  body: unknown;
}

class NoServer extends Error {}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends the request over the admin socket; NoServer when nothing answers there. */
function overSocket(socketPath: string, command: CommandRequest, body: string | undefined): Promise<Answer> {
  return new Promise((done, fail) => {
    const request = httpRequest(
      {
        socketPath,
        method: command.method,
        path: command.path,
        headers: body !== undefined ? { "content-type": "application/json" } : {},
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > MAX_ANSWER) response.destroy(new Error("the server's answer is too large"));
          else chunks.push(chunk);
        });
        response.on("end", () =>
          done({ status: response.statusCode ?? 0, body: parse(Buffer.concat(chunks).toString("utf8")) }),
        );
        response.on("error", fail);
      },
    );
    request.on("timeout", () => request.destroy(new Error("the server did not answer within 60 s")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      fail(error.code === "ECONNREFUSED" || error.code === "ENOENT" ? new NoServer() : error),
    );
    request.end(body);
  });
}

async function inProcess(command: CommandRequest, body: string | undefined): Promise<Answer> {
  // Loaded only here: opening the database is the slow part, and a running server needs none of it.
  const { openDirectHub } = await import("./auth/cli-direct.js");
  const hub = await openDirectHub(loadConfig()).catch((error: unknown) => {
    // One line (e.g. the folder is locked by a server without a socket), not a stack trace.
    throw new Error(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  });
  try {
    const response = await hub.fetch(
      new Request(`http://hubkit-cli${command.path}`, {
        method: command.method,
        ...(body !== undefined ? { body, headers: { "content-type": "application/json" } } : {}),
      }),
    );
    return { status: response.status, body: parse(await response.text()) };
  } finally {
    await hub.close();
  }
}

async function readPassword(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.length > MAX_PASSWORD_INPUT) throw new Error("the password on stdin is too long");
  }
  return text.split(/\r?\n/)[0] ?? "";
}

async function main(argv: readonly string[]): Promise<number> {
  let command: CommandRequest;
  try {
    command = parseCommand(argv.filter((arg) => arg !== "--"));
  } catch (error) {
    console.error(`[hub] ${error instanceof Error ? error.message : String(error)}`);
    console.error(USAGE);
    return 2;
  }
  try {
    const fields = command.passwordFromStdin ? { ...command.body, password: await readPassword() } : command.body;
    const body = fields !== undefined ? JSON.stringify(fields) : undefined;
    const config = loadConfig();
    const socket = config.dataRoot !== undefined ? adminSocketPath(config.dataRoot) : undefined;
    let answer: Answer | undefined;
    if (socket !== undefined && existsSync(socket))
      answer = await overSocket(socket, command, body).catch((error: unknown) => {
        if (error instanceof NoServer) return undefined; // a socket file left by a server that crashed
        throw error;
      });
    answer ??= await inProcess(command, body);
    if (answer.status < 200 || answer.status >= 300) {
      const message =
        typeof answer.body === "object" && answer.body !== null && "error" in answer.body
          ? String((answer.body as { error: unknown }).error)
          : `HTTP ${answer.status}`;
      console.error(`[hub] ${message}`);
      return 1;
    }
    console.log(command.print(answer.body));
    return 0;
  } catch (error) {
    console.error(`[hub] ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

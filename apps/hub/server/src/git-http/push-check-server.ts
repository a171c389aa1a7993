// The server side of the pre-receive hook (repos/pre-receive-hook.ts): a loopback HTTP listener, open only while
// pushes are running, that answers "may this push land?" with the commit API's rules (repos/push-rules.ts). Each
// push gets a random token bound to its repository; the token travels to the hook only through the environment of
// `git http-backend`, so nothing else can ask about (or vouch for) a push, and a hook can only ask about its own
// repository's quarantine.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve, sep } from "node:path";
import { PRE_RECEIVE_HOOK } from "../repos/pre-receive-hook.js";
import { type PushLimits, pushProblem } from "../repos/push-rules.js";

/** The hook sends its ref updates (≤ 1 MiB) and two paths as JSON. */
const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

export interface PushSession {
  /** Environment for `git http-backend`, which git passes on to the hook: the server's port, the token, node. */
  env: Record<string, string>;
  /** The folder holding the hook, for `core.hooksPath`. */
  hooksDir: string;
  /** Forgets the token (the push has ended); the listener closes once no push runs. */
  end(): void;
}

export class PushChecks {
  private readonly pushes = new Map<string, string>();
  /** Per push: which refs this pusher may move (community/push-policy.ts), asked before the commit rules. */
  private readonly refChecks = new Map<string, (updates: string) => Promise<string | undefined>>();
  private listener: Promise<{ server: Server; port: number }> | undefined;
  private hooksReady: Promise<void> | undefined;

  constructor(
    /** A folder of ours for the hook (`<data>/hooks`), given to git as `core.hooksPath`. */
    private readonly hooksDir: string,
    private readonly limits: PushLimits,
  ) {}

  /** Registers a push into the repository `gitDir`. */
  async begin(gitDir: string, refCheck?: (updates: string) => Promise<string | undefined>): Promise<PushSession> {
    const token = randomBytes(32).toString("hex");
    this.pushes.set(token, resolve(gitDir)); // before any wait, so a listener closing meanwhile is not reused
    if (refCheck !== undefined) this.refChecks.set(token, refCheck);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.pushes.delete(token);
      this.refChecks.delete(token);
      this.closeIfIdle();
    };
    try {
      this.hooksReady ??= this.writeHook();
      await this.hooksReady;
      const { port } = await this.listen();
      return {
        env: {
          HUBKIT_PUSH_CHECK_PORT: String(port),
          HUBKIT_PUSH_CHECK_TOKEN: token,
          HUBKIT_NODE: process.execPath,
        },
        hooksDir: this.hooksDir,
        end,
      };
    } catch (error) {
      end();
      this.hooksReady = undefined;
      throw error;
    }
  }

  private async writeHook(): Promise<void> {
    const path = join(this.hooksDir, "pre-receive");
    if ((await readFile(path, "utf8").catch(() => "")) === PRE_RECEIVE_HOOK) return;
    await mkdir(this.hooksDir, { recursive: true });
    const temporary = `${path}.tmp-${randomBytes(6).toString("hex")}`;
    await writeFile(temporary, PRE_RECEIVE_HOOK, { mode: 0o755 });
    await rename(temporary, path);
  }

  private listen(): Promise<{ server: Server; port: number }> {
    this.listener ??= new Promise((ready, fail) => {
      const server = createServer((request, response) => {
        void this.answer(request, response);
      });
      server.unref(); // a push left hanging must not keep the process alive
      server.once("error", fail);
      server.listen(0, "127.0.0.1", () => ready({ server, port: (server.address() as AddressInfo).port }));
    });
    return this.listener;
  }

  private closeIfIdle(): void {
    if (this.pushes.size > 0 || this.listener === undefined) return;
    const listener = this.listener;
    this.listener = undefined;
    void listener.then(
      ({ server }) => server.close(),
      () => {},
    );
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const reply = (status: number, text: string) => {
      response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
      response.end(text);
    };
    try {
      const token = /^Bearer ([0-9a-f]{64})$/.exec(request.headers.authorization ?? "")?.[1];
      const gitDir = token === undefined ? undefined : this.pushes.get(token);
      if (request.method !== "POST" || request.url !== "/push-check" || gitDir === undefined) {
        request.resume();
        return reply(403, "Your push was rejected: not a push this server is serving");
      }
      const body = await readBody(request);
      const parsed = body === undefined ? undefined : hookRequest(body);
      if (parsed === undefined) return reply(400, "Your push was rejected: the hook sent a malformed request");
      const quarantine = quarantineEnv(gitDir, parsed.objects, parsed.alternates);
      if (quarantine === undefined)
        return reply(400, "Your push was rejected: the hook named objects outside the repository");
      const refusal = token === undefined ? undefined : await this.refChecks.get(token)?.(parsed.updates);
      if (refusal !== undefined) return reply(403, refusal);
      const problem = await pushProblem(gitDir, parsed.updates, quarantine, this.limits);
      reply(problem === undefined ? 200 : 403, problem ?? "");
    } catch (error) {
      console.error(`[hub] checking a push failed: ${String(error)}`);
      if (!response.headersSent) reply(500, "Your push was rejected: the server could not check it");
    }
  }
}

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        request.destroy();
        done(undefined);
      } else chunks.push(chunk);
    });
    request.on("end", () => done(Buffer.concat(chunks)));
    request.on("error", () => done(undefined));
  });
}

function hookRequest(body: Buffer): { updates: string; objects: string; alternates: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { updates, objects, alternates } = value as Record<string, unknown>;
  if (typeof updates !== "string" || typeof objects !== "string" || typeof alternates !== "string") return undefined;
  return { updates, objects, alternates };
}

/**
 * The quarantine git made for this push (`objects/incoming-*`, with the repository's own objects as alternate),
 * or undefined when the hook names anything else. Relative paths are relative to the repository (the hook's folder).
 */
function quarantineEnv(gitDir: string, objects: string, alternates: string) {
  const own = join(gitDir, "objects");
  const objectDir = resolve(gitDir, objects === "" ? own : objects);
  // git names it `tmp_objdir-incoming-XXXXXX` (tmp-objdir.c; `incoming-XXXXXX` in older versions).
  const incoming =
    objectDir.startsWith(`${own}${sep}`) &&
    /^(?:tmp_objdir-)?incoming-[A-Za-z0-9]+$/.test(objectDir.slice(own.length + 1));
  if (objectDir !== own && !incoming) return undefined;
  const alternateDirs = alternates === "" ? [] : alternates.split(":").map((dir) => resolve(gitDir, dir));
  if (alternateDirs.some((dir) => dir !== own)) return undefined;
  return { GIT_OBJECT_DIRECTORY: objectDir, GIT_ALTERNATE_OBJECT_DIRECTORIES: alternateDirs.join(":") };
}

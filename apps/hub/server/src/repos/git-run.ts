// Runs one git child process with bounds: a deadline (killed with SIGKILL past it), a cap on captured output, and
// an environment that ignores the machine's git configuration, so storage behaves the same on every host.
import { spawn } from "node:child_process";
import { ApiError } from "../api/api-error.js";

export interface GitRunOptions {
  /** The bare repository (`--git-dir`); omitted for commands that take their own folder. */
  gitDir?: string;
  /** stdin; a list of buffers is written in order without being joined into one. */
  input?: Buffer | string | readonly Buffer[];
  env?: Record<string, string>;
  /** Longest run; the child is killed past it. */
  timeoutMs: number;
  /** Most bytes of stdout kept; more is an error (413), never an unbounded buffer. */
  maxOutputBytes?: number;
}

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;
const MAX_STDERR = 16 * 1024;

/** git's environment: no system or user config, no prompts, C locale. */
export function gitEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: "/nonexistent",
    LANG: "C",
    LC_ALL: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    ...extra,
  };
}

/** Runs git and resolves with its exit code and output (a non-zero exit is not an error here). */
export function runGit(args: readonly string[], options: GitRunOptions): Promise<GitResult> {
  const fullArgs = options.gitDir !== undefined ? ["--git-dir", options.gitDir, ...args] : [...args];
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolvePromise, reject) => {
    const child = spawn("git", fullArgs, { env: gitEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = "";
    let failure: Error | undefined;
    const timer = setTimeout(() => {
      failure = new ApiError(504, `Storage operation timed out (git ${args[0] ?? ""})`);
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) {
        failure ??= new ApiError(413, `Storage output too large (git ${args[0] ?? ""})`);
        child.kill("SIGKILL");
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (failure !== undefined) reject(failure);
      else resolvePromise({ code: code ?? 1, stdout: Buffer.concat(chunks), stderr: stderr.slice(0, MAX_STDERR) });
    });
    // A child that exits early closes stdin; the write error is not ours to report.
    child.stdin.on("error", () => {});
    const input = options.input ?? "";
    if (typeof input === "string" || Buffer.isBuffer(input)) child.stdin.end(input);
    else {
      for (const chunk of input) child.stdin.write(chunk);
      child.stdin.end();
    }
  });
}

/** Runs git and returns stdout; a non-zero exit throws with git's message (a bug or a damaged repository: 500). */
export async function git(args: readonly string[], options: GitRunOptions): Promise<Buffer> {
  const result = await runGit(args, options);
  if (result.code !== 0)
    throw new Error(`git ${args.join(" ").slice(0, 200)} failed (${result.code}): ${result.stderr.trim()}`);
  return result.stdout;
}

// Running a client program (git, the official Python clients) from a test: one command runner, and the environment
// that points huggingface_hub (python or the `hf` CLI) at a test hub.
import { execFile } from "node:child_process";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The JSON a client script printed last (its last line of output), as the Python snippets of the tests print it. */
export function lastJsonLine(stdout: string): unknown {
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "null");
}

/** Runs a command; resolves with its exit code and output (never rejects on a non-zero exit, a timeout or ENOENT). */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((done) => {
    execFile(
      command,
      [...args],
      {
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
        ...(options.cwd ? { cwd: options.cwd } : {}),
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...options.env },
      },
      (error, stdout, stderr) =>
        done({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * huggingface_hub's environment for a test hub: its endpoint, a cache folder of the test's own, no telemetry, and
 * Xet as users install it (hf_xet comes with huggingface_hub); `xet: false` only for tests about the LFS batch API.
 */
export function hfClientEnv(options: {
  endpoint: string;
  home: string;
  token?: string | undefined;
  xet?: boolean | undefined;
}): Record<string, string> {
  return {
    HF_ENDPOINT: options.endpoint,
    HF_HOME: options.home,
    HF_HUB_DISABLE_TELEMETRY: "1",
    ...(options.xet === false ? { HF_HUB_DISABLE_XET: "1" } : {}),
    ...(options.token !== undefined ? { HF_TOKEN: options.token } : {}),
  };
}

/** git's environment for a test: `home` as HOME, no prompt, no system config, and a fixed author and committer. */
export function gitClientEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Alice",
    GIT_AUTHOR_EMAIL: "alice@example.org",
    GIT_COMMITTER_NAME: "Alice",
    GIT_COMMITTER_EMAIL: "alice@example.org",
  };
}

// Transfer benchmarks (issue 11): runs one command of the benchmark (curl, sha256sum, cp, the Python client) as a
// child process with a deadline, keeps only the tail of its output (bounded memory), and times it.
import { spawn } from "node:child_process";

const OUTPUT_TAIL = 64 * 1024;

export interface Finished {
  seconds: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
}

/** Runs `command args…`; resolves with its output when it exits 0, rejects with the tail of stderr otherwise. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<Finished> {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const keep = (text: string, chunk: Buffer) => (text + chunk.toString()).slice(-OUTPUT_TAIL);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout = keep(stdout, chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = keep(stderr, chunk);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      fail(new Error(`${command} could not start: ${error.message}`));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) done({ seconds, stdout, stderr });
      else
        fail(
          new Error(
            `${command} ${args.slice(0, 3).join(" ")}… ${signal !== null ? `was killed (${signal}${signal === "SIGKILL" ? `, over ${timeoutMs / 1000} s` : ""})` : `exited with ${code}`}:\n${stderr.slice(-4000)}`,
          ),
        );
    });
  });
}

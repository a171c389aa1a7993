// Starts @hubkit/emulator as a separate process on a free 127.0.0.1 port: in the e2e tests it stands in for a
// user's own OpenAI-compatible endpoint (llama.cpp, Ollama…), answering chat completions with an SSE stream.
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const repoDir = resolve(import.meta.dirname, "../../..");

export interface RunningEmulator {
  url: string;
  stop(): Promise<void>;
}

export function startEmulatorProcess(): Promise<RunningEmulator> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--conditions=hubkit-source", "--import", "tsx", "packages/emulator/src/cli.ts", "--port", "0"],
    { cwd: repoDir, stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((ready, fail) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      fail(new Error(`the emulator printed no URL within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      ready({
        url: match[1],
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`the emulator exited with ${code}:\n${output}`));
    });
  });
}

// The URL a Hubkit server child process prints when it is ready ("Hubkit is running at http://127.0.0.1:PORT/"):
// one reader for the tests and benches that start `server/src/main.ts` as a real process.
import type { ChildProcess } from "node:child_process";

const READY = /Hubkit is running at (http:\/\/127\.0\.0\.1:\d+)\//;
/** Only the end of the output is kept: enough for the ready line and for an error's context. */
const KEPT_OUTPUT = 16_384;

/**
 * Resolves with the server's base URL (no trailing slash). Rejects, with the last output, when the child exits first
 * or prints nothing of the kind within `timeoutMs`.
 */
export function printedUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((found, fail) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error(`the server printed no URL within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    );
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
      const match = READY.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        found(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

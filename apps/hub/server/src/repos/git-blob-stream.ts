// A git blob as a stream (`git cat-file blob`), optionally one byte range of it. The child is killed when the
// reader goes away or the deadline passes, so an abandoned download leaves no process behind.
import { spawn } from "node:child_process";
import { PassThrough, type Readable } from "node:stream";
import { gitEnv } from "./git-run.js";

export function streamGitBlob(
  gitDir: string,
  oid: string,
  timeoutMs: number,
  range?: { start: number; end: number },
): Readable {
  const child = spawn("git", ["--git-dir", gitDir, "cat-file", "blob", oid], {
    env: gitEnv(),
    stdio: ["ignore", "pipe", "ignore"],
  });
  const out = new PassThrough();
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const stop = () => {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  out.on("close", stop);
  let position = 0;
  const start = range?.start ?? 0;
  const end = range?.end ?? Number.POSITIVE_INFINITY;
  child.stdout.on("data", (chunk: Buffer) => {
    const from = Math.max(0, start - position);
    const to = Math.min(chunk.length, end + 1 - position);
    position += chunk.length;
    if (to > from && !out.write(chunk.subarray(from, to))) {
      child.stdout.pause();
      out.once("drain", () => child.stdout.resume());
    }
    if (position > end) {
      out.end();
      stop();
    }
  });
  child.on("close", (code) => {
    clearTimeout(timer);
    if (out.writableEnded) return;
    if (code === 0) out.end();
    else out.destroy(new Error(`git cat-file blob ${oid} failed (${code})`));
  });
  child.on("error", (error) => out.destroy(error));
  return out;
}

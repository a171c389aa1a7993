// One long-lived `git cat-file --batch-command` of one bare repository, answering object look-ups (`info`) and
// reads (`contents`) without a new child process per request. Why: starting git from the ~400 MB server costs
// 170–420 ms of main-thread time per fork in the profile (issue 11). Jobs run one at a time (git answers in
// order, so one job's output is never mixed with another's), each with a deadline and a cap on the bytes it
// may read; past either, or if git dies, the process is killed and the job fails — the pool starts a new one.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { ApiError } from "../api/api-error.js";
import { gitEnv } from "./git-run.js";

export type ObjectType = "blob" | "tree" | "commit" | "tag";

export interface ObjectInfo {
  oid: string;
  type: ObjectType;
  size: number;
}

export type BatchCommand = { kind: "info"; object: string } | { kind: "contents"; object: string };

/** Per command: the object's facts (undefined when git does not find it) and, for `contents`, its bytes. */
export interface BatchAnswer {
  info: ObjectInfo | undefined;
  content?: Buffer;
}

export interface JobLimits {
  timeoutMs: number;
  /** Most object bytes one job may read; a larger object fails the job (413) rather than fill memory. */
  maxBytes: number;
}

interface Job {
  commands: readonly BatchCommand[];
  limits: JobLimits;
  answers: BatchAnswer[];
  /** Object bytes read so far. */
  read: number;
  resolve(answers: BatchAnswer[]): void;
  reject(error: Error): void;
}

/** A header line (`<oid> <type> <size>` or `<object> missing`) is short; the object name echoed is a path at most. */
const MAX_LINE_BYTES = 16 * 1024;
const HEADER = /^([0-9a-f]{40}) (blob|tree|commit|tag) (\d{1,16})$/;

/** Whether git can take `name` on one command line (no line breaks, no NUL, not empty). */
export function isBatchSafe(name: string): boolean {
  return name !== "" && !/[\x00\n\r]/.test(name);
}

/** The process went away before or while running a job that did nothing wrong: the job may run on a new one. */
export class ProcessGoneError extends Error {}

export class CatFileProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Bytes of stdout not parsed yet (a partial header line). */
  private pending: Buffer = Buffer.alloc(0);
  /** While a `contents` body is being read: the parts so far and the bytes still expected (+1 for its `\n`). */
  private body: { parts: Buffer[]; left: number } | undefined;
  private dead = false;
  private closing = false;

  constructor(
    readonly gitDir: string,
    /** Called once when the process is gone (exit, kill, spawn failure); queued jobs have already failed. */
    private readonly onGone: (process: CatFileProcess) => void,
  ) {
    this.child = spawn("git", ["--git-dir", gitDir, "cat-file", "--batch-command"], {
      env: gitEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdout.on("data", (chunk: Buffer) => this.onData(chunk));
    // git's complaints are not answers; read and dropped so the pipe never fills.
    this.child.stderr.on("data", () => {});
    this.child.stdin.on("error", () => {});
    this.child.on("error", (error) => this.fail(new ProcessGoneError(`git cat-file failed: ${error.message}`)));
    this.child.on("close", () => this.fail(new ProcessGoneError("git cat-file exited")));
    this.setRef(false);
  }

  get idle(): boolean {
    return this.current === undefined && this.queue.length === 0;
  }

  get alive(): boolean {
    return !this.dead;
  }

  run(commands: readonly BatchCommand[], limits: JobLimits): Promise<BatchAnswer[]> {
    if (this.dead || this.closing) return Promise.reject(new ProcessGoneError("git cat-file process is closed"));
    for (const command of commands)
      if (!isBatchSafe(command.object)) return Promise.reject(new ApiError(400, "Invalid object name"));
    if (commands.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ commands, limits, answers: [], read: 0, resolve, reject });
      this.next();
    });
  }

  /** Ends the process once its queued jobs are done (git exits at the end of its input). */
  close(): void {
    this.closing = true;
    if (this.idle && !this.dead) this.child.stdin.end();
  }

  private next(): void {
    if (this.current !== undefined || this.dead) return;
    const job = this.queue.shift();
    if (job === undefined) {
      this.setRef(false);
      if (this.closing) this.child.stdin.end();
      return;
    }
    this.current = job;
    // A job in flight keeps Node running (a script awaiting it must not exit); an idle process never does.
    this.setRef(true);
    this.timer = setTimeout(
      () => this.kill(new ApiError(504, "Storage operation timed out (git cat-file)")),
      job.limits.timeoutMs,
    );
    this.child.stdin.write(job.commands.map((command) => `${command.kind} ${command.object}\n`).join(""));
  }

  private onData(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0 && !this.dead) {
      const job = this.current;
      if (job === undefined) {
        this.kill(new Error("git cat-file wrote output nobody asked for"));
        return;
      }
      if (this.body !== undefined) {
        const take = Math.min(this.body.left, data.length);
        this.body.parts.push(data.subarray(0, take));
        this.body.left -= take;
        data = data.subarray(take);
        if (this.body.left === 0) {
          const bytes = Buffer.concat(this.body.parts);
          this.body = undefined;
          const answer = job.answers[job.answers.length - 1] as BatchAnswer;
          answer.content = bytes.subarray(0, bytes.length - 1); // the `\n` after the object
          this.answered(job);
        }
        continue;
      }
      this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
      data = Buffer.alloc(0);
      const newline = this.pending.indexOf(0x0a);
      if (newline === -1) {
        if (this.pending.length > MAX_LINE_BYTES) this.kill(new Error("git cat-file wrote an over-long line"));
        return;
      }
      const line = this.pending.subarray(0, newline).toString("utf8");
      data = this.pending.subarray(newline + 1);
      this.pending = Buffer.alloc(0);
      const command = job.commands[job.answers.length] as BatchCommand;
      const match = HEADER.exec(line);
      const info =
        match === null ? undefined : { oid: match[1] as string, type: match[2] as ObjectType, size: Number(match[3]) };
      job.answers.push({ info });
      if (info !== undefined && command.kind === "contents") {
        job.read += info.size;
        if (job.read > job.limits.maxBytes) {
          this.kill(new ApiError(413, `File too large to read (${info.size} bytes)`));
          return;
        }
        this.body = { parts: [], left: info.size + 1 };
      } else this.answered(job);
    }
  }

  /** One command answered; the job settles after its last one. */
  private answered(job: Job): void {
    if (job.answers.length < job.commands.length) return;
    clearTimeout(this.timer);
    this.current = undefined;
    job.resolve(job.answers);
    this.next();
  }

  private kill(error: Error): void {
    this.fail(error);
    this.child.kill("SIGKILL");
  }

  /**
   * The process is unusable: the current job fails with `error`, queued ones (not started, not to blame) with
   * ProcessGoneError so the pool runs them elsewhere, and the pool forgets this process.
   */
  private fail(error: Error): void {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.timer);
    this.setRef(false);
    this.current?.reject(error);
    this.current = undefined;
    for (const job of this.queue.splice(0)) job.reject(new ProcessGoneError("git cat-file process went away"));
    this.onGone(this);
  }

  private setRef(held: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as {
      ref?: () => void;
      unref?: () => void;
    }[])
      held ? handle.ref?.() : handle.unref?.();
  }
}

// The long-lived `git cat-file --batch-command` processes of the repositories being read (cat-file-process.ts):
// at most `size` at a time (least recently used closed first), each closed after `idleMs` without work, replaced
// when it dies, and closed for good when its repository is deleted or moved (a process keeps the packs it opened,
// so a repository re-created under the same name must not see the old one's objects through it).
import {
  type BatchAnswer,
  type BatchCommand,
  CatFileProcess,
  type JobLimits,
  type ObjectInfo,
  ProcessGoneError,
} from "./cat-file-process.js";

export interface CatFilePoolOptions {
  /** Most processes alive at once. */
  size: number;
  /** A process with no job for this long exits. */
  idleMs: number;
}

const DEFAULT_OPTIONS: CatFilePoolOptions = { size: 16, idleMs: 30_000 };
/** Runs of one job: the first, and one more on a fresh process if the first went away under it. */
const MAX_ATTEMPTS = 2;

export class CatFilePool {
  /** By git folder, in least-recently-used order (a Map keeps insertion order; a use re-inserts). */
  private readonly processes = new Map<string, CatFileProcess>();
  private readonly idleTimers = new Map<CatFileProcess, NodeJS.Timeout>();
  private readonly options: CatFilePoolOptions;

  constructor(options: Partial<CatFilePoolOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Alive processes (for tests and diagnostics). */
  get count(): number {
    return this.processes.size;
  }

  async run(gitDir: string, commands: readonly BatchCommand[], limits: JobLimits): Promise<BatchAnswer[]> {
    for (let attempt = 1; ; attempt++) {
      const process = this.processFor(gitDir);
      try {
        return await process.run(commands, limits);
      } catch (error) {
        if (!(error instanceof ProcessGoneError) || attempt >= MAX_ATTEMPTS) throw error;
      } finally {
        if (process.alive) this.armIdleTimer(process);
      }
    }
  }

  /** `info` of one object: its id, type and size, or undefined when it does not exist. */
  async info(gitDir: string, object: string, limits: JobLimits): Promise<ObjectInfo | undefined> {
    const [answer] = await this.run(gitDir, [{ kind: "info", object }], limits);
    return answer?.info;
  }

  /** Closes the process of `gitDir`, if any (its repository is going away or moving). */
  forget(gitDir: string): void {
    const process = this.processes.get(gitDir);
    if (process === undefined) return;
    this.drop(process);
    process.close();
  }

  /** Closes every process (server shutdown). */
  close(): void {
    for (const process of [...this.processes.values()]) {
      this.drop(process);
      process.close();
    }
  }

  private processFor(gitDir: string): CatFileProcess {
    const existing = this.processes.get(gitDir);
    if (existing?.alive) {
      this.processes.delete(gitDir);
      this.processes.set(gitDir, existing);
      clearTimeout(this.idleTimers.get(existing));
      return existing;
    }
    const created = new CatFileProcess(gitDir, (gone) => this.drop(gone));
    this.processes.set(gitDir, created);
    // Over the bound: the least recently used goes (it finishes its queued jobs first).
    for (const [dir, process] of this.processes) {
      if (this.processes.size <= this.options.size) break;
      if (dir === gitDir) continue;
      this.drop(process);
      process.close();
    }
    return created;
  }

  private armIdleTimer(process: CatFileProcess): void {
    clearTimeout(this.idleTimers.get(process));
    const timer = setTimeout(() => {
      if (!process.idle) {
        this.armIdleTimer(process);
        return;
      }
      this.drop(process);
      process.close();
    }, this.options.idleMs);
    timer.unref();
    this.idleTimers.set(process, timer);
  }

  private drop(process: CatFileProcess): void {
    clearTimeout(this.idleTimers.get(process));
    this.idleTimers.delete(process);
    if (this.processes.get(process.gitDir) === process) this.processes.delete(process.gitDir);
  }
}

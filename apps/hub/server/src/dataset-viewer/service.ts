// The dataset viewer of a local hub: the conversion queue (background, bounded concurrency, resumed after a crash)
// and the two DuckDB pools (conversion: may read the work folder; queries: only the converted files). Created once
// per HubContext by the route module; commits call `datasetViewerOf(ctx)?.enqueue(ref)`.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { HubContext } from "../hub-context.js";
import { instanceIdOf } from "../jobs/lease.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { testPause } from "../repos/test-pause.js";
import { DbRepoIndex } from "../store/db-repo-index.js";
import { ConversionError } from "./conversion-error.js";
import {
  type ConversionResult,
  type ConversionRow,
  ConversionStore,
  type ConvertedSplit,
  repoKeyOf,
} from "./conversion-store.js";
import { checkMediaSizes, convertFolderSplit, type LocalMedia } from "./convert-folder.js";
import { convertedCard, publishConversion } from "./convert-ref.js";
import { convertSplit } from "./convert-split.js";
import { discover } from "./discovery.js";
import { DuckDbPool } from "./engine.js";
import { type DatasetViewerLimits, datasetViewerLimitsFromEnv } from "./limits.js";
import { copySourceFile, revisionFiles } from "./source-files.js";

/** A job that failed for a reason that is not the dataset's (a crash, a storage error) is tried this many times. */
const MAX_ATTEMPTS = 3;

/** Datasets queued by the start-up scan at most (the rest are queued when first viewed or committed to). */
const MAX_QUEUED_AT_START = 10_000;

const EXTENSIONS = { csv: ".csv", tsv: ".tsv", json: ".json", jsonl: ".jsonl", parquet: ".parquet", text: ".txt" };
/** Work-folder names of a media file's copy: its extension kept only when it is a plain one. */
const extensionOf = (path: string) => /\.[A-Za-z0-9]{1,8}$/.exec(path)?.[0] ?? "";

export class DatasetViewerService {
  readonly store: ConversionStore;
  readonly queries: DuckDbPool;
  private readonly converter: DuckDbPool;
  private readonly root: string;
  readonly filesRoot: string;
  private readonly active = new Set<string>();
  private stopped = false;
  /**
   * This server's name on the jobs it runs (servers sharing the database each run different jobs: the claim's SKIP
   * LOCKED and a lease renewed while a job runs). A server that dies leaves its jobs leased until the lease expires;
   * the poll then queues them again for any server (issue 23).
   */
  private readonly owner: string;
  private readonly takeOver: boolean;
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: HubContext,
    db: ConstructorParameters<typeof ConversionStore>[0],
    readonly limits: DatasetViewerLimits,
  ) {
    this.store = new ConversionStore(db);
    this.owner = instanceIdOf(db);
    // PGlite: one process per database, so any other owner's running job is a dead process's.
    this.takeOver = "kind" in db && db.kind === "pglite";
    this.root = join(ctx.config.dataRoot ?? "", "dataset-viewer");
    this.filesRoot = join(this.root, "files");
    this.queries = new DuckDbPool({
      workers: limits.queryWorkers,
      maxQueued: 64,
      timeoutMs: limits.queryTimeoutMs,
      allowedDirectories: [this.filesRoot],
      memoryLimit: limits.memoryLimit,
      threads: 2, // a search or filter scans the split: both cores for the one running
    });
    this.converter = new DuckDbPool({
      workers: limits.convertConcurrency,
      maxQueued: 1000,
      timeoutMs: limits.convertTimeoutMs,
      allowedDirectories: [this.root],
      memoryLimit: limits.memoryLimit,
      threads: 2,
    });
  }

  /**
   * Folders ready, dead servers' running jobs queued again, the queue started, and polled: jobs queued by other
   * servers and jobs whose server died (lease expired) are taken here too.
   */
  async start(): Promise<void> {
    await this.store.requeueExpired(this.owner, this.takeOver);
    await this.removeDeadWork();
    await mkdir(this.filesRoot, { recursive: true });
    this.pump();
    this.poll = setInterval(() => {
      if (this.stopped) return;
      this.store
        .requeueExpired(this.owner, false)
        .then(() => this.pump())
        .catch((error: unknown) => {
          if (!this.stopped) console.error(`[hub] dataset viewer: polling the queue failed: ${String(error)}`);
        });
    }, this.limits.pollMs);
    this.poll.unref();
    // Datasets that changed while no server ran (or the seed's, at first start) are queued too, in the background.
    void (async () => {
      for (const id of await this.store.staleDatasets(MAX_QUEUED_AT_START)) {
        if (this.stopped) return;
        await this.enqueue({ type: "dataset", id });
      }
    })().catch((error: unknown) => {
      // A server closed during its start (tests do) has closed the database under this: nothing went wrong.
      if (!this.stopped) console.error(`[hub] dataset viewer: queueing stale datasets failed: ${String(error)}`);
    });
  }

  /** Whether stop() was called: failures after it come from the closing server, not from the service. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Stops the queue and the DuckDB workers (server close); a job cut short resumes at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    await Promise.all([this.queries.close(), this.converter.close()]);
  }

  /** Queues the conversion of the dataset's default-branch head (if it changed). Never throws. */
  async enqueue(ref: RepoRef): Promise<void> {
    if (ref.type !== "dataset") return;
    try {
      const head = await this.ctx.storage.resolveRevision(ref, "HEAD");
      if (head !== undefined && (await this.store.queue(ref.id, head))) this.pump();
    } catch (error) {
      console.error(`[hub] dataset viewer: queueing ${ref.id} failed: ${String(error)}`);
    }
  }

  /** The conversion row of the dataset's current head, queueing it first when it is not the head's yet. */
  async current(ref: RepoRef): Promise<ConversionRow | undefined> {
    const head = await this.ctx.storage.resolveRevision(ref, "HEAD");
    if (head === undefined) return undefined;
    let row = await this.store.get(ref.id);
    if (row === undefined || row.revision !== head) {
      if (await this.store.queue(ref.id, head)) this.pump();
      row = await this.store.get(ref.id);
    }
    return row;
  }

  /** Absolute path of a converted file. */
  localPath(file: ConvertedSplit["files"][number]): string {
    return join(this.filesRoot, file.local);
  }

  private pump(): void {
    if (this.stopped) return;
    while (this.active.size < this.limits.convertConcurrency) {
      const slot = `claim-${randomBytes(4).toString("hex")}`;
      this.active.add(slot); // holds the slot while the claim query runs
      void this.store
        .claim(
          [...this.active].filter((key) => !key.startsWith("claim-")),
          this.owner,
          this.limits.leaseMs,
        )
        .then(async (row) => {
          this.active.delete(slot);
          if (row === undefined) return;
          this.active.add(row.repoKey);
          try {
            await this.run(row);
          } finally {
            this.active.delete(row.repoKey);
            this.pump();
          }
        })
        .catch((error: unknown) => {
          this.active.delete(slot);
          console.error(`[hub] dataset viewer: the conversion queue failed: ${String(error)}`);
        });
      return; // one claim at a time; each finished claim pumps again
    }
  }

  /**
   * Work folders are `work/<owner>/<job>`: at start those of owners with no live lease go (a dead server's, this
   * host's earlier run's); another live server's are left alone.
   */
  private async removeDeadWork(): Promise<void> {
    const work = join(this.root, "work");
    await mkdir(work, { recursive: true });
    const live = new Set(await this.store.liveOwners());
    for (const name of await readdir(work))
      if (name !== this.owner && !live.has(name)) await rm(join(work, name), { recursive: true, force: true });
  }

  private async run(row: ConversionRow): Promise<void> {
    // The lease is renewed while the job runs; once lost (this server was too slow to renew, and another took the job
    // over), the job's outcome is not recorded and its conversion not published.
    const heartbeat = setInterval(
      () => {
        this.store.renew(row.repoId, row.revision, this.owner, this.limits.leaseMs).catch((error: unknown) => {
          if (!this.stopped) console.error(`[hub] dataset viewer: renewing a job's lease failed: ${String(error)}`);
        });
      },
      Math.max(1, Math.floor(this.limits.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      await this.runLeased(row);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runLeased(row: ConversionRow): Promise<void> {
    const ref: RepoRef = { type: "dataset", id: row.repoId };
    if (row.attempts > MAX_ATTEMPTS) {
      await this.store.finish(row.repoId, row.revision, this.owner, {
        errorCode: "DatasetConversionError",
        errorMessage: `The conversion failed ${MAX_ATTEMPTS} times (the server stopped or failed during it)`,
      });
      return;
    }
    const work = join(this.root, "work", this.owner, randomBytes(8).toString("hex"));
    try {
      await mkdir(work, { recursive: true });
      const result = await this.convert(ref, row.revision, work);
      if (result === undefined) return; // a newer revision was queued meanwhile
      await this.store.finish(row.repoId, row.revision, this.owner, { result });
    } catch (error) {
      // Stopped mid-job (server shutdown): the row stays "running" and the next start queues it again.
      if (this.stopped) return;
      if (error instanceof ConversionError)
        await this.store.finish(row.repoId, row.revision, this.owner, {
          errorCode: error.code,
          errorMessage: error.message,
        });
      else {
        console.error(`[hub] dataset viewer: converting ${row.repoId} failed: ${String(error)}`);
        await this.store.retry(row.repoId, row.revision, this.owner);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async convert(ref: RepoRef, revision: string, work: string): Promise<ConversionResult | undefined> {
    const source = await revisionFiles(this.ctx, ref, revision);
    const plans = discover(source.files, source.cardData);
    const sourceBytes = plans
      .flatMap((plan) =>
        plan.splits.flatMap((split) => [
          ...split.files,
          ...(split.folder?.metadata !== undefined ? [split.folder.metadata] : []),
        ]),
      )
      .reduce((sum, file) => sum + file.size, 0);
    if (sourceBytes > this.limits.maxSourceBytes)
      throw new ConversionError(
        "DatasetTooBigError",
        `The dataset's data files have ${sourceBytes} bytes, more than this hub converts (${this.limits.maxSourceBytes})`,
      );
    const repoFolder = createHash("sha256").update(repoKeyOf(ref.id)).digest("hex").slice(0, 32);
    const revisionFolder = join(repoFolder, revision);
    const out = join(work, "out");
    const configs: ConversionResult["configs"] = [];
    let sourceIndex = 0;
    for (const plan of plans) {
      const splits: ConvertedSplit[] = [];
      for (const split of plan.splits) {
        const sources: string[] = [];
        const media: LocalMedia[] = [];
        let metadataLocal: string | undefined;
        // A media file is one cell: the longest-value limit bounds each, checked before any is copied.
        if (split.folder !== undefined) checkMediaSizes(split.files, this.limits.maxLineBytes);
        const copies = [...split.files, ...(split.folder?.metadata !== undefined ? [split.folder.metadata] : [])];
        for (const file of copies) {
          const entry = source.entries.get(file.path);
          if (entry === undefined) continue;
          const format = split.format;
          const suffix =
            format === "imagefolder" || format === "audiofolder" ? extensionOf(file.path) : EXTENSIONS[format];
          const target = join(work, `source-${sourceIndex++}${suffix}`);
          await copySourceFile(this.ctx, ref, entry, target);
          sources.push(target);
          if (file === split.folder?.metadata) metadataLocal = target;
          else media.push({ path: file.path, local: target });
        }
        const folder = join(out, plan.config, split.split);
        await mkdir(folder, { recursive: true });
        const limits = {
          maxSourceBytes: this.limits.maxSourceBytes,
          maxLineBytes: this.limits.maxLineBytes,
          rowGroupRows: this.limits.rowGroupRows,
          timeoutMs: this.limits.convertTimeoutMs,
        };
        const parquet = join(folder, "0000.parquet");
        const output =
          split.folder !== undefined
            ? await convertFolderSplit(this.converter, split.folder, media, metadataLocal, parquet, limits)
            : await convertSplit(this.converter, split.format, sources, parquet, limits);
        await Promise.all(sources.map((path) => rm(path, { force: true }))); // disk back as soon as possible
        splits.push({
          config: plan.config,
          split: split.split,
          numRows: output.numRows,
          columns: output.columns,
          files: [
            {
              filename: "0000.parquet",
              size: 0,
              local: join(revisionFolder, plan.config, split.split, "0000.parquet"),
            },
          ],
          uncompressedBytes: output.uncompressedBytes,
          sourceBytes: split.files.reduce((sum, file) => sum + file.size, 0),
        });
      }
      configs.push({ config: plan.config, splits });
    }
    await testPause("dataset-converted");
    // Still this server's job (not re-queued for a newer revision, not taken over by another server): publish.
    if (!(await this.store.holds(ref.id, revision, this.owner))) return undefined;
    // The viewer's copy first (a crash after it only leaves files that the next run replaces), then the ref.
    const target = join(this.filesRoot, revisionFolder);
    await rm(target, { recursive: true, force: true });
    await mkdir(join(this.filesRoot, repoFolder), { recursive: true });
    await rename(out, target);
    const published = await publishConversion(
      this.ctx,
      ref,
      configs.flatMap((config) =>
        config.splits.flatMap((split) =>
          split.files.map((file) => ({
            path: `${split.config}/${split.split}/${file.filename}`,
            local: join(this.filesRoot, file.local),
          })),
        ),
      ),
      revision,
      work,
      convertedCard(configs),
    );
    const sizes = new Map(published.objects.map((object) => [object.path, object.size]));
    for (const config of configs)
      for (const split of config.splits)
        for (const file of split.files) file.size = sizes.get(`${split.config}/${split.split}/${file.filename}`) ?? 0;
    await this.removeOtherRevisions(repoFolder, revision);
    return { configs, sourceBytes, convertCommit: published.commit };
  }

  private async removeOtherRevisions(repoFolder: string, keep: string): Promise<void> {
    for (const name of await readdir(join(this.filesRoot, repoFolder)))
      if (name !== keep) await rm(join(this.filesRoot, repoFolder, name), { recursive: true, force: true });
  }
}

const services = new WeakMap<HubContext, DatasetViewerService>();

/** The viewer of a local hub (made once, by the route module); undefined for upstream mode or a bare test ctx. */
export function datasetViewerOf(ctx: HubContext): DatasetViewerService | undefined {
  return services.get(ctx);
}

export function openDatasetViewer(ctx: HubContext): DatasetViewerService | undefined {
  const existing = services.get(ctx);
  if (existing !== undefined) return existing;
  if (!(ctx.index instanceof DbRepoIndex) || ctx.config.dataRoot === undefined) return undefined;
  const service = new DatasetViewerService(ctx, ctx.index.store.db, datasetViewerLimitsFromEnv());
  services.set(ctx, service);
  void service.start().catch((error: unknown) => {
    if (!service.isStopped) console.error(`[hub] dataset viewer: start failed: ${String(error)}`);
  });
  return service;
}

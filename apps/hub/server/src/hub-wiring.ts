// Builds the HubContext of a local (non-upstream) server: the data folder's repositories and LFS store (a
// temporary folder for `:memory:`), the accounts and the index over the same database, the seed's repositories
// (store/open-index.ts), and the start-up reconciliation that heals an index left behind by a crash between a ref update and its index update.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RepoRedirects } from "./api/repo-redirects.js";
import { AccountStore } from "./auth/account-store.js";
import { SessionStore } from "./auth/session-store.js";
import { DiscussionStore } from "./community/discussion-store.js";
import type { ServerConfig } from "./config.js";
import { GateStore } from "./gating/gate-store.js";
import type { HubContext } from "./hub-context.js";
import { databaseProbe, folderProbe, type ReadinessCheck, readiness } from "./instances/health.js";
import { openInstance, type ServerInstance } from "./instances/instance.js";
import { DEFAULT_INSTANCE_LIMITS } from "./instances/limits.js";
import { DEFAULT_MULTIPART_LIMITS, FolderLargeFileStore } from "./lfs/folder-store.js";
import { RepoObjectLinks } from "./lfs/repo-objects.js";
import { UrlSigner } from "./lfs/signing.js";
import { GitStorage } from "./repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "./repos/storage-limits.js";
import { objectStoreReady } from "./s3/health.js";
import { type S3Stores, s3Stores } from "./s3/stores.js";
import type { DbRepoIndex } from "./store/db-repo-index.js";
import type { ModelStore } from "./store/model-store.js";
import { openRepoIndex, seedSourcesBeside } from "./store/open-index.js";
import { DEFAULT_WEBHOOK_LIMITS } from "./webhooks/limits.js";
import { WebhookService } from "./webhooks/service.js";
import { XetBridgedStore } from "./xet/bridged-store.js";
import { FolderXetObjectStore } from "./xet/object-store.js";
import { XetService } from "./xet/service.js";

export interface LocalHub {
  ctx: HubContext;
  index: DbRepoIndex;
  /** This server among others on the database (instances/instance.ts); close it before the database. */
  instance: ServerInstance;
  /** Removes the temporary data folder of a `:memory:` server. */
  dispose(): void;
}

export async function openLocalHub(
  config: ServerConfig,
  store: ModelStore,
  log: (line: string) => void = () => {},
): Promise<LocalHub> {
  const temporary = config.dataRoot === undefined ? mkdtempSync(join(tmpdir(), "hubkit-data-")) : undefined;
  const root = config.dataRoot ?? (temporary as string);
  let storage: GitStorage | undefined;
  let lfs: { close(): void } | undefined;
  let s3: S3Stores | undefined;
  let webhooks: WebhookService | undefined;
  let instance: ServerInstance | undefined;
  const dispose = () => {
    void webhooks?.stop(); // its sender's timer (server.ts stops it earlier, before the database closes)
    storage?.close(); // its long-lived git reader processes
    lfs?.close(); // its sweep of abandoned multipart uploads
    s3?.close(); // the object store client's connections
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
  };
  try {
    const limits = config.storageLimits ?? DEFAULT_STORAGE_LIMITS;
    const instanceLimits = config.instanceLimits ?? DEFAULT_INSTANCE_LIMITS;
    // Several servers may share the database and this folder: the start-up clean-up removes only what is
    // abandoned (a dead server's, or everything with PGlite), and commits take turns across servers.
    instance = await openInstance(store.db, config.databaseUrl, instanceLimits);
    const ownership = await instance.ownership();
    storage = new GitStorage(join(root, "repos"), limits, {
      instance: instance.id,
      writeLock: instance.writeLock,
      staleGitLockMs: instanceLimits.staleGitLockMs,
    });
    await storage.cleanUp(ownership);
    const lfsLinks = new RepoObjectLinks(store.db);
    // Xet (xet/): xorbs under <data>/xet; the LFS store also serves Xet-uploaded files (the whole-file bridge).
    // With HUBKIT_S3_ENDPOINT both live in the bucket (s3/stores.ts); multipart transfer parts stay in <data>/lfs.
    s3 = config.objectStore !== undefined ? s3Stores(config.objectStore) : undefined;
    const signer = UrlSigner.open(config.secret, root);
    const xet = await XetService.open(join(root, "xet"), store.db, signer, lfsLinks, s3?.xorbs, ownership);
    const multipartLimits = { ...DEFAULT_MULTIPART_LIMITS, bytesInFlightPerUser: limits.multipartBytesPerUser };
    // With several servers, a server that dies leaves temporary files in the folder stores: removed now and then.
    const xetObjects = xet.objects;
    if (xetObjects instanceof FolderXetObjectStore) instance.sweepAbandoned((own) => xetObjects.removeAbandoned(own));
    const largeFiles =
      s3 === undefined
        ? new XetBridgedStore(join(root, "lfs"), multipartLimits, xet)
        : s3.largeFiles(xet, join(root, "lfs", "parts"), multipartLimits);
    // The multipart quota is counted in the database: servers sharing PostgreSQL share it (before open's count).
    largeFiles.multipart?.countIn(store.db, instanceLimits.staleAfterMs);
    await largeFiles.open(ownership);
    lfs = largeFiles;
    if (largeFiles instanceof FolderLargeFileStore) instance.sweepAbandoned((own) => largeFiles.removeAbandoned(own));
    // With PostgreSQL the expired multipart uploads are swept by one server per interval, not by each.
    largeFiles.multipart?.sweepOnceAcross(store.db);
    const accounts = new AccountStore(
      store.db,
      config.adminToken !== undefined ? { adminToken: config.adminToken } : {},
    );
    // The seed's repositories (first start, or a changed seed), then the index reconciled with the repositories.
    const index = await openRepoIndex({
      store,
      storage,
      lfs: largeFiles,
      lfsLinks,
      seed: seedSourcesBeside(config.seedFile),
      log,
    });
    webhooks = new WebhookService(store.db, config.webhookLimits ?? DEFAULT_WEBHOOK_LIMITS);
    mkdirSync(join(root, "repos"), { recursive: true }); // the health probe's volume, before any repository
    const objectStore = config.objectStore;
    const objectsReady: ReadinessCheck =
      objectStore === undefined
        ? folderProbe(join(root, "lfs"))
        : async () => {
            if (!(await objectStoreReady(objectStore))) throw new Error("the object store's bucket does not answer");
          };
    const ctx: HubContext = {
      config: { ...config, dataRoot: root, storageLimits: limits },
      storage,
      lfs: largeFiles,
      lfsLinks,
      xet,
      accounts,
      index,
      sessions: new SessionStore(store.db),
      redirects: new RepoRedirects(store.db),
      gates: new GateStore(store.db),
      discussions: new DiscussionStore(store.db),
      webhooks,
      readiness: readiness(
        { database: databaseProbe(store.db), repositories: folderProbe(join(root, "repos")), objects: objectsReady },
        instanceLimits.healthTimeoutMs,
      ),
    };
    webhooks.start(ctx); // pending deliveries of an earlier run resume
    return { ctx, index, instance, dispose };
  } catch (error) {
    await instance?.close();
    dispose();
    throw error;
  }
}

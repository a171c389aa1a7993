// Everything a route module needs, built once by server.ts: configuration, repository storage, the large-file
// store, accounts and the index. Route modules export `register(app, ctx)`.
import type { RepoRedirects } from "./api/repo-redirects.js";
import type { Authenticator } from "./auth/accounts.js";
import type { SessionStore } from "./auth/session-store.js";
import type { DiscussionStore } from "./community/discussion-store.js";
import type { ServerConfig } from "./config.js";
import type { GateStore } from "./gating/gate-store.js";
import type { Readiness } from "./instances/health.js";
import type { RepoObjectLinks } from "./lfs/repo-objects.js";
import type { LargeFileStore } from "./lfs/store.js";
import type { RepoIndex } from "./repos/repo-index.js";
import type { RepoStorage } from "./repos/storage.js";
import type { StorageLimits } from "./repos/storage-limits.js";
import type { WebhookService } from "./webhooks/service.js";
import type { XetService } from "./xet/service.js";

export interface HubContext {
  /** The server's configuration, with the storage limits resolved once (the environment's, else the defaults). */
  config: ServerConfig & { storageLimits: StorageLimits };
  storage: RepoStorage;
  lfs: LargeFileStore;
  /** Which LFS objects belong to which repository (lfs/repo-objects.ts): the only objects a repository serves. */
  lfsLinks: RepoObjectLinks;
  accounts: Authenticator;
  index: RepoIndex;
  /** Passwords and browser sessions (auth/session-store.ts); absent = no sign-in from the browser. */
  sessions?: SessionStore;
  /** The Xet CAS (xet/service.ts); absent = no Xet (the token routes are not registered). */
  xet?: XetService;
  /** Old ids of moved repositories (api/repo-redirects.ts); absent = a moved repository's old id is just missing. */
  redirects?: RepoRedirects;
  /** Gated repositories and access requests (gating/); absent = nothing is gated (upstream mode, bare tests). */
  gates?: GateStore;
  /** Discussions and pull requests (community/); absent = the Community routes answer 501 (upstream mode). */
  discussions?: DiscussionStore;
  /** Webhooks and their deliveries (webhooks/); absent = events go nowhere and the webhook routes answer 501. */
  webhooks?: WebhookService;
  /** /api/health's readiness checks (instances/health.ts); absent = /api/health describes the backend only. */
  readiness?: Readiness;
}

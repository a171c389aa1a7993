// Every route module of a local hub, in registration order (app.ts registers them before the legacy read-only
// routes and the web fallback). Each exports `register(app, ctx)`.
import type { Hono } from "hono";
import { register as authCheck } from "./api/auth-check.js";
import { register as commit } from "./api/commit.js";
import { register as files } from "./api/files.js";
import { register as lfsFiles } from "./api/lfs-files.js";
import { register as listing } from "./api/listing.js";
import { register as misc } from "./api/misc.js";
import { register as overview } from "./api/overview.js";
import { register as preupload } from "./api/preupload.js";
import { register as refs } from "./api/refs.js";
import { register as repoInfo } from "./api/repo-info.js";
import { register as repos } from "./api/repos.js";
import { register as squash } from "./api/squash.js";
import { register as tree } from "./api/tree.js";
import { register as userRepos } from "./api/user-repos.js";
import { register as xet } from "./api/xet.js";
import { register as admin } from "./auth/admin-routes.js";
import type { HubEnv } from "./auth/principal.js";
import { register as whoami } from "./auth/whoami.js";
import { register as collections } from "./collections/routes.js";
import { register as notifications } from "./community/notifications.js";
import { register as community } from "./community/routes.js";
import { register as datasetViewer } from "./dataset-viewer/routes.js";
import { register as gating } from "./gating/routes.js";
import { register as gitHttp } from "./git-http/smart-http.js";
import type { HubContext } from "./hub-context.js";
import { register as lfs } from "./lfs/routes.js";
import { register as likes } from "./likes/routes.js";
import { register as trending } from "./trending/routes.js";
import { register as webhooks } from "./webhooks/routes.js";

const MODULES: readonly ((app: Hono<HubEnv>, ctx: HubContext) => void)[] = [
  admin,
  whoami,
  repos,
  misc,
  listing,
  repoInfo,
  tree,
  refs,
  preupload,
  commit,
  community,
  notifications,
  webhooks,
  likes,
  overview,
  collections,
  gating,
  squash,
  authCheck,
  lfsFiles,
  userRepos,
  xet,
  lfs,
  files,
  gitHttp,
  datasetViewer,
  trending,
];

export function registerHubRoutes(app: Hono<HubEnv>, ctx: HubContext): void {
  for (const register of MODULES) register(app, ctx);
}

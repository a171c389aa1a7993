// Xet is not implemented (hub-api.md §3.7, §4.7) and never advertised. Python clients from 1.20 on still ask for
// a Xet write token for every LFS-mode file. The token is fetched by hf_xet, which reports only the status and the
// final URL of a failed request, never the body; so the token URL redirects to one whose path itself says what to
// do, and that URL answers 400 with the full message (which Python's own requests do show).
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { ApiError } from "./api-error.js";
import { baseUrl } from "./repo-url.js";

export const XET_UNSUPPORTED =
  "This Hubkit server does not support Xet storage. Set HF_HUB_DISABLE_XET=1 in the environment and retry: large files are then uploaded through Git LFS.";

const EXPLAINING_PATH = "/api/xet-is-not-supported/set-HF_HUB_DISABLE_XET=1-and-retry";

export function register(app: Hono<HubEnv>, _ctx: HubContext): void {
  for (const token of ["xet-write-token", "xet-read-token"])
    app.get(`/api/:segment/:ns/:name/${token}/*`, (c) =>
      c.json({ error: XET_UNSUPPORTED }, 307, {
        Location: `${baseUrl(c)}${EXPLAINING_PATH}`,
        "X-Error-Message": XET_UNSUPPORTED,
      }),
    );
  app.get(EXPLAINING_PATH, () => {
    throw new ApiError(400, XET_UNSUPPORTED);
  });
}

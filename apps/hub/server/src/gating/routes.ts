// Access requests to gated repositories (gating/README.md): `POST …/ask-access` for users, the site's status
// route, and the owners' API huggingface_hub uses (`…/user-access-request/{status}`, `/handle`, `/grant`).
// Every route passes the repository gate first (private = missing); the owners' routes need write access.
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { requestBaseUrl } from "../api/base-url.js";
import { readJsonObject } from "../api/json-body.js";
import { readableRepo } from "../api/repo-access.js";
import { writableBySignedIn } from "../api/write-access.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { REPO_TYPES, type RepoRef, type RepoType } from "../repos/repo-ref.js";
import { downloadDecision, passesGateByRole } from "./gate.js";
import { type AccessRequest, type GateStore, isRequestStatus, type RequestCursor } from "./gate-store.js";
import { readRequestFields } from "./request-fields.js";

const PAGE_SIZE = 100;
const MAX_REASON_LENGTH = 1000;

const refOf = (c: Context<HubEnv>, type: RepoType): RepoRef => ({
  type,
  id: `${c.req.param("ns")}/${c.req.param("name")}`,
});

async function requireGated(gates: GateStore, ref: RepoRef): Promise<void> {
  if ((await gates.mode(ref)) === false) throw new ApiError(400, `${ref.type} ${ref.id} is not a gated repository`);
}

/** The user a body names, as stored (its case); 404 when no such user exists. */
async function namedUser(ctx: HubContext, body: Record<string, unknown>): Promise<string> {
  const name = body.user;
  if (typeof name !== "string" || name.length === 0 || name.length > 100)
    throw new ApiError(400, '"user" must be a user name');
  const account = await ctx.accounts.account(name);
  if (account === undefined || account.kind !== "user") throw new ApiError(404, `User ${name.slice(0, 100)} not found`);
  return account.name;
}

function encodeCursor(cursor: RequestCursor): string {
  return Buffer.from(`${cursor.updatedAt}|${cursor.seq}`).toString("base64url");
}

function decodeCursor(value: string | undefined): RequestCursor | undefined {
  if (value === undefined) return undefined;
  const text = value.length <= 200 ? Buffer.from(value, "base64url").toString("utf8") : "";
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6})\|(\d{1,18})$/.exec(text);
  if (match === null) throw new ApiError(400, "Invalid cursor");
  return { updatedAt: match[1] as string, seq: match[2] as string };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const gates = ctx.gates;
  if (gates === undefined) return;

  const listItem = async (request: AccessRequest) => {
    const account = await ctx.accounts.account(request.user);
    return {
      user: {
        user: request.user,
        fullname: account?.fullname || request.user,
        avatarUrl: `/avatars/${encodeURIComponent(request.user)}.svg`,
        type: "user",
      },
      status: request.status,
      timestamp: request.timestamp,
      ...(request.fields !== null ? { fields: request.fields } : {}),
      ...(request.rejectionReason !== null ? { rejectionReason: request.rejectionReason } : {}),
    };
  };

  for (const type of REPO_TYPES) {
    const base = `/api/${type}s/:ns/:name`;

    app.post(`${base}/ask-access`, async (c) => {
      const ref = await readableRepo(ctx, c, refOf(c, type));
      const principal = c.get("principal");
      if (principal.kind !== "user") throw new ApiError(401, "You must be signed in to ask for access");
      const mode = await gates.mode(ref);
      if (mode === false) throw new ApiError(400, `${ref.type} ${ref.id} is not a gated repository`);
      const fields = await readRequestFields(c);
      if (passesGateByRole(principal, ref)) return c.json({ status: "accepted" });
      const status = await gates.ask(ref, principal.name, mode === "auto" ? "accepted" : "pending", fields);
      return c.json({ status });
    });

    // The site's gate form: is the repository gated, may the caller download, and where is their request.
    app.get(`${base}/ask-access`, async (c) => {
      const ref = await readableRepo(ctx, c, refOf(c, type));
      const principal = c.get("principal");
      const gated = await gates.mode(ref);
      const access = (await downloadDecision(gates, principal, ref, gated)) === "allowed";
      const request = principal.kind === "user" ? await gates.request(ref, principal.name) : undefined;
      c.header("Cache-Control", "private, no-store");
      return c.json({
        gated,
        access,
        request:
          request === undefined
            ? null
            : {
                status: request.status,
                timestamp: request.timestamp,
                ...(request.fields !== null ? { fields: request.fields } : {}),
              },
      });
    });

    app.get(`${base}/user-access-request/:status`, async (c) => {
      const ref = await writableBySignedIn(ctx, c, refOf(c, type));
      const status = c.req.param("status");
      if (!isRequestStatus(status)) throw new ApiError(404, "The list is one of pending, accepted, rejected");
      await requireGated(gates, ref);
      const page = await gates.list(ref, status, PAGE_SIZE, decodeCursor(c.req.query("cursor")));
      if (page.next !== undefined) {
        const url = new URL(c.req.url);
        url.search = `?cursor=${encodeCursor(page.next)}`;
        c.header("Link", `<${requestBaseUrl(c)}${url.pathname}${url.search}>; rel="next"`);
      }
      c.header("Cache-Control", "private, no-store");
      return c.json(await Promise.all(page.requests.map(listItem)));
    });

    app.post(`${base}/user-access-request/handle`, async (c) => {
      const ref = await writableBySignedIn(ctx, c, refOf(c, type));
      const body = await readJsonObject(c);
      await requireGated(gates, ref);
      const status = body.status;
      if (!isRequestStatus(status)) throw new ApiError(400, '"status" must be "accepted", "rejected" or "pending"');
      const reason = body.rejectionReason;
      if (reason !== undefined && reason !== null && (typeof reason !== "string" || reason.length > MAX_REASON_LENGTH))
        throw new ApiError(400, `"rejectionReason" must be a text of at most ${MAX_REASON_LENGTH} characters`);
      if (typeof reason === "string" && status !== "rejected")
        throw new ApiError(400, '"rejectionReason" goes with "status": "rejected" only');
      const user = await namedUser(ctx, body);
      const current = await gates.request(ref, user);
      if (current === undefined) throw new ApiError(404, `No access request from ${user}`);
      if (current.status === status) throw new ApiError(404, `The access request of ${user} is already ${status}`);
      await gates.setStatus(ref, user, status, typeof reason === "string" ? reason : null);
      return c.json({ user, status });
    });

    app.post(`${base}/user-access-request/grant`, async (c) => {
      const ref = await writableBySignedIn(ctx, c, refOf(c, type));
      const body = await readJsonObject(c);
      await requireGated(gates, ref);
      const user = await namedUser(ctx, body);
      if ((await gates.request(ref, user))?.status === "accepted")
        throw new ApiError(400, `${user} already has access to ${ref.id}`);
      await gates.grant(ref, user);
      return c.json({ user, status: "accepted" });
    });
  }
}

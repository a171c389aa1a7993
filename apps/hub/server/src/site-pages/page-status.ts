// The HTTP status of a site page (issue 20 point 7): the server answers every page path with the site's HTML, but a
// path that is no page of the site (shared/site-routes.ts, the table the web router uses too), a repository page the
// visitor may not read, and the page of an unknown user or organization are 404 — with the same HTML, which then
// shows its not-found page. A missing repository and a private one the visitor cannot read are decided by the one
// access decision (api/repo-access.ts readableRepo, with the visitor's session cookie as the web API reads it), so
// both answer the same bytes: the status leaks no existence.
import type { Context } from "hono";
import { matchSitePath, type PageSubject, SITE_ROUTES, type SiteParams } from "../../../shared/site-routes.js";
import { ApiError } from "../api/api-error.js";
import { readableRepo } from "../api/repo-access.js";
import { RepoMovedError } from "../api/repo-redirects.js";
import { visibleAccount } from "../api/visible-account.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";

export interface PageStatus {
  status: 200 | 404;
  /** The answer depends on who asks (a repository or account page): it must not be shared between visitors. */
  perVisitor: boolean;
}

/** The status of GET `pathname` (as sent, still URL-encoded) for this visitor; `hub` absent: upstream mode. */
export async function sitePageStatus(
  pathname: string,
  c: Context<HubEnv>,
  hub: HubContext | undefined,
): Promise<PageStatus> {
  const match = matchSitePath(pathname, SITE_ROUTES);
  if (match === undefined) return { status: 404, perVisitor: false };
  const subject = match.route.subject;
  if (subject === undefined || hub === undefined) return { status: 200, perVisitor: false };
  return { status: (await subjectVisible(subject, match.params, c, hub)) ? 200 : 404, perVisitor: true };
}

async function subjectVisible(
  subject: PageSubject,
  params: SiteParams,
  c: Context<HubEnv>,
  hub: HubContext,
): Promise<boolean> {
  if (subject.kind === "account") return (await visibleAccount(hub, params[subject.param] ?? "")) !== undefined;
  const id = `${params[subject.owner] ?? ""}/${params[subject.name] ?? ""}`;
  try {
    await readableRepo(hub, c, { type: subject.type, id });
    return true;
  } catch (error) {
    // A moved repository's old address: the page follows the API's redirect to the new one.
    if (error instanceof RepoMovedError) return true;
    // Missing, unreadable or malformed: the same answer for all three.
    if (error instanceof ApiError) return false;
    throw error;
  }
}

// The visitor's organizations from the session answer. Today they are names; the server may send them as
// `{ name, role }` once organizations have roles, so both shapes are read (anything else is ignored).
import type { SessionInfo } from "../../lib/session";

export function sessionOrgNames(session: SessionInfo): string[] {
  const orgs: unknown = session.orgs;
  if (!Array.isArray(orgs)) return [];
  const names: string[] = [];
  for (const org of orgs as unknown[]) {
    if (typeof org === "string") names.push(org);
    else if (typeof org === "object" && org !== null && typeof (org as { name?: unknown }).name === "string")
      names.push((org as { name: string }).name);
  }
  return names;
}

export const membersPagePath = (org: string) => `/organizations/${encodeURIComponent(org)}/settings/members`;

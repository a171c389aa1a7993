// An organization's members as the server gives them (`/api/organizations/{org}/members`, the hub's shape) and the
// admin's writes to it. Writes go through sessionJson: the cookie plus the CSRF header.
import { getJson } from "../../lib/api";
import { sessionJson } from "../../lib/session";

export const ORG_ROLES = ["read", "write", "admin"] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ROLE_MEANING: Record<OrgRole, string> = {
  read: "read: sees the organization's private repositories",
  write: "write: also creates repositories and pushes to them",
  admin: "admin: also manages members, and moves, deletes and changes the settings of repositories",
};

export interface OrgMember {
  user: string;
  fullname: string;
  type: "user";
  avatarUrl?: string;
  /** Present when the visitor is a member. */
  role?: OrgRole;
}

const membersPath = (org: string) => `/api/organizations/${encodeURIComponent(org)}/members`;
const memberPath = (org: string, user: string) => `${membersPath(org)}/${encodeURIComponent(user)}`;

export async function loadMembers(org: string, signal: AbortSignal): Promise<OrgMember[]> {
  return (await getJson<OrgMember[]>(membersPath(org), signal)).data;
}

export function addMember(org: string, user: string, role: OrgRole): Promise<unknown> {
  return sessionJson(membersPath(org), "POST", { user, role });
}

export function changeRole(org: string, user: string, role: OrgRole): Promise<unknown> {
  return sessionJson(memberPath(org, user), "PUT", { role });
}

/** Removes a member (an admin), or the visitor themself (leaving). */
export function removeMember(org: string, user: string): Promise<unknown> {
  return sessionJson(memberPath(org, user), "DELETE");
}

export function isOrgRole(value: string): value is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(value);
}

// The one access decision every route applies (`can`). Reading a private repository needs the owner, any member
// of the owning organization (any role) or the admin. Writing (push, commit, branches, tags) needs a write token of
// the owner or of a `write`/`admin` member. Managing (move, delete, settings such as privacy) and managing an
// organization's members need the owner itself or an organization `admin` (with a write token). The admin principal
// may do anything. Callers that may not read a repository must answer exactly as for a missing one.
import type { OrgRole, Principal } from "./principal.js";

export type Action = "read" | "write" | "manage";

export interface RepoAccessFacts {
  /** The namespace (user or organization) that owns the repository (or that an organization action is about). */
  owner: string;
  private: boolean;
}

/** The facts of a registered repository, from its stored id (`owner/name`) and its privacy flag. */
export function accessFacts(registration: { id: string; private: boolean }): RepoAccessFacts {
  return { owner: registration.id.split("/")[0] ?? "", private: registration.private };
}

/** The lowest organization role that may do each action (reading needs a membership of any role). */
const LEAST_ROLE: Record<Action, OrgRole> = { read: "read", write: "write", manage: "admin" };
const RANK: Record<OrgRole, number> = { read: 0, write: 1, admin: 2 };

/** What the principal is to `owner`: the owner itself, a member with a role, or nothing. */
function relation(principal: Principal, owner: string): "self" | OrgRole | undefined {
  if (principal.kind !== "user") return undefined;
  const lower = owner.toLowerCase();
  if (principal.name.toLowerCase() === lower) return "self";
  return principal.orgs.find((org) => org.name.toLowerCase() === lower)?.role;
}

export function can(principal: Principal, action: Action, repo: RepoAccessFacts): boolean {
  if (principal.kind === "admin") return true;
  if (action === "read" && !repo.private) return true;
  const to = relation(principal, repo.owner);
  if (to === undefined) return false;
  // Anything beyond reading needs a write token (a browser session counts as one).
  if (action !== "read" && (principal.kind !== "user" || principal.role !== "write")) return false;
  return to === "self" || RANK[to] >= RANK[LEAST_ROLE[action]];
}

/** May this principal create repositories under `namespace`? (The owner, or an org member with write.) */
export function canCreateIn(principal: Principal, namespace: string): boolean {
  return can(principal, "write", { owner: namespace, private: false });
}

/** May this principal add, remove or change the members of organization `org`? (Its admins, and the admin.) */
export function canManageMembers(principal: Principal, org: string): boolean {
  return can(principal, "manage", { owner: org, private: false });
}

/** Namespaces whose private repositories this principal may see in listings (members of any role read them). */
export function visibleNamespaces(principal: Principal): string[] {
  return principal.kind === "user" ? [principal.name, ...principal.orgs.map((org) => org.name)] : [];
}

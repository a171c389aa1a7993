// The one permission rule every route applies. Private repositories are readable only by their owner, the members
// of the owning organization and the admin; writing needs a write token of the owner or of a member of the owning
// organization. Callers that may not read a repository must answer exactly as for a missing one.
import type { Principal } from "./principal.js";

export type Action = "read" | "write";

export interface RepoAccessFacts {
  /** The namespace (user or organization) that owns the repository. */
  owner: string;
  private: boolean;
}

/** The facts of a registered repository, from its stored id (`owner/name`) and its privacy flag. */
export function accessFacts(registration: { id: string; private: boolean }): RepoAccessFacts {
  return { owner: registration.id.split("/")[0] ?? "", private: registration.private };
}

function isMemberOrOwner(principal: Principal, owner: string): boolean {
  if (principal.kind !== "user") return false;
  const lower = owner.toLowerCase();
  return principal.name.toLowerCase() === lower || principal.orgs.some((org) => org.toLowerCase() === lower);
}

export function can(principal: Principal, action: Action, repo: RepoAccessFacts): boolean {
  if (principal.kind === "admin") return true;
  if (action === "read") return !repo.private || isMemberOrOwner(principal, repo.owner);
  return principal.kind === "user" && principal.role === "write" && isMemberOrOwner(principal, repo.owner);
}

/** May this principal create repositories under `namespace`? */
export function canCreateIn(principal: Principal, namespace: string): boolean {
  return can(principal, "write", { owner: namespace, private: false });
}

/** Namespaces whose private repositories this principal may see in listings. */
export function visibleNamespaces(principal: Principal): string[] {
  return principal.kind === "user" ? [principal.name, ...principal.orgs] : [];
}

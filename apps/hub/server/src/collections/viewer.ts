// Who is looking, reduced to what the SQL visibility conditions need: the same rule as auth/permissions.ts `can`
// for reading (public, or a namespace the principal is or is a member of, or the admin), so the listings and the
// item filters answer exactly like the per-repository gate.
import { visibleNamespaces } from "../auth/permissions.js";
import type { Principal } from "../auth/principal.js";

export interface Viewer {
  admin: boolean;
  /** Lower-case namespaces whose private repositories and collections this viewer may read. */
  namespaces: string[];
}

export function viewerOf(principal: Principal): Viewer {
  return {
    admin: principal.kind === "admin",
    namespaces: visibleNamespaces(principal).map((name) => name.toLowerCase()),
  };
}

/** SQL condition: the repository row `alias` (id, private) is readable by the viewer whose admin flag and namespaces
 * are the parameters `$admin` and `$namespaces`. */
export const readableRepoSql = (alias: string, admin: number, namespaces: number) =>
  `($${admin}::boolean OR NOT ${alias}.private OR split_part(lower(${alias}.id), '/', 1) = ANY ($${namespaces}::text[]))`;

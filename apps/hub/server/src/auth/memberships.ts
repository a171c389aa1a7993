// Organization memberships and their roles (hub_memberships, auth/schema.ts). Every change runs in a transaction
// that first locks the organization's row, so two concurrent removals cannot both pass the "not the last admin"
// check: an organization with members always keeps at least one admin (409 otherwise).
import { ApiError } from "../api/api-error.js";
import type { Db } from "../store/db.js";
import type { AccountKind } from "./accounts.js";
import { isOrgRole, type OrgRole } from "./principal.js";

type Tx = Pick<Db, "query">;

export interface Member {
  /** The user's name as created (its case). */
  name: string;
  fullname: string;
  role: OrgRole;
}

/** Most members listed for one organization (the hub pages its list; ours is one bounded answer). */
export const MAX_MEMBERS = 1000;

export function checkRole(role: unknown): OrgRole {
  if (!isOrgRole(role)) throw new ApiError(400, '"role" must be "admin", "write" or "read"');
  return role;
}

/** Locks the organization's row for the rest of the transaction; 404 when `org` is not an organization. */
async function lockOrg(tx: Tx, org: string): Promise<void> {
  const rows = await tx.query<{ kind: AccountKind }>("SELECT kind FROM hub_accounts WHERE name_key = $1 FOR UPDATE", [
    org.toLowerCase(),
  ]);
  if (rows[0]?.kind !== "org") throw new ApiError(404, `Organization ${org} not found`);
}

async function roleOf(tx: Tx, org: string, user: string): Promise<OrgRole | undefined> {
  const rows = await tx.query<{ role: OrgRole }>(
    "SELECT role FROM hub_memberships WHERE org_key = $1 AND user_key = $2",
    [org.toLowerCase(), user.toLowerCase()],
  );
  return rows[0]?.role;
}

/** Refuses a change that would leave the organization's members without an admin. */
async function keepAnAdmin(tx: Tx, org: string, user: string): Promise<void> {
  const rows = await tx.query<{ admins: number }>(
    "SELECT count(*)::int AS admins FROM hub_memberships WHERE org_key = $1 AND role = 'admin' AND user_key <> $2",
    [org.toLowerCase(), user.toLowerCase()],
  );
  if ((rows[0]?.admins ?? 0) === 0)
    throw new ApiError(409, `${user} is the last admin of ${org}: make another member admin first`);
}

async function requireUser(tx: Tx, user: string): Promise<void> {
  const rows = await tx.query<{ kind: AccountKind }>("SELECT kind FROM hub_accounts WHERE name_key = $1", [
    user.toLowerCase(),
  ]);
  if (rows[0]?.kind !== "user") throw new ApiError(404, `User ${user} not found`);
}

/** Inserts a membership inside a caller's transaction (organization creation); the org must exist. */
export async function insertMembership(tx: Tx, org: string, user: string, role: OrgRole): Promise<void> {
  await lockOrg(tx, org);
  await requireUser(tx, user);
  await tx.query(
    `INSERT INTO hub_memberships (org_key, user_key, role) VALUES ($1, $2, $3)
     ON CONFLICT (org_key, user_key) DO NOTHING`,
    [org.toLowerCase(), user.toLowerCase(), role],
  );
}

export class Memberships {
  constructor(private readonly db: Pick<Db, "query" | "transaction">) {}

  /**
   * Adds `user` to `org` with `role` (`write` when undefined). An existing member: 409 when `ifAbsent`, else their
   * role is set when one is given (the admin API and the CLI, which may run twice).
   */
  async add(org: string, user: string, wanted: OrgRole | undefined, ifAbsent: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOrg(tx, org);
      await requireUser(tx, user);
      const current = await roleOf(tx, org, user);
      if (current !== undefined && ifAbsent)
        throw new ApiError(409, `${user} is already a member of ${org}: change the role instead`);
      const role = wanted ?? current ?? "write";
      if (current === role) return;
      if (current === "admin") await keepAnAdmin(tx, org, user);
      await tx.query(
        `INSERT INTO hub_memberships (org_key, user_key, role) VALUES ($1, $2, $3)
         ON CONFLICT (org_key, user_key) DO UPDATE SET role = EXCLUDED.role`,
        [org.toLowerCase(), user.toLowerCase(), role],
      );
    });
  }

  /** Changes a member's role; 404 when not a member, 409 when it would demote the last admin. */
  async setRole(org: string, user: string, role: OrgRole): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOrg(tx, org);
      const current = await roleOf(tx, org, user);
      if (current === undefined) throw new ApiError(404, `${user} is not a member of ${org}`);
      if (current === "admin" && role !== "admin") await keepAnAdmin(tx, org, user);
      await tx.query("UPDATE hub_memberships SET role = $3 WHERE org_key = $1 AND user_key = $2", [
        org.toLowerCase(),
        user.toLowerCase(),
        role,
      ]);
    });
  }

  /** Removes a member; 404 when not a member, 409 when they are the last admin. */
  async remove(org: string, user: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOrg(tx, org);
      const current = await roleOf(tx, org, user);
      if (current === undefined) throw new ApiError(404, `${user} is not a member of ${org}`);
      if (current === "admin") await keepAnAdmin(tx, org, user);
      await tx.query("DELETE FROM hub_memberships WHERE org_key = $1 AND user_key = $2", [
        org.toLowerCase(),
        user.toLowerCase(),
      ]);
    });
  }

  /** The members of an organization with their roles, by name; at most MAX_MEMBERS. */
  async list(org: string): Promise<Member[]> {
    const rows = await this.db.query<{ name: string; fullname: string; role: OrgRole }>(
      `SELECT a.name, a.fullname, m.role FROM hub_memberships m JOIN hub_accounts a ON a.name_key = m.user_key
       WHERE m.org_key = $1 ORDER BY a.name_key LIMIT ${MAX_MEMBERS}`,
      [org.toLowerCase()],
    );
    return rows.map((row) => ({ name: row.name, fullname: row.fullname, role: row.role }));
  }
}

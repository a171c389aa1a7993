// Who made a temporary file. Several Hubkit servers share one data folder (one PostgreSQL, a shared volume), so a
// server's start-up clean-up must tell its own leftovers from another live server's work in progress. Every server
// process gets a fresh instance id, and every temporary name it makes starts with it: `<instance>~<rest>`.
// A pid alone would not do: pids repeat across restarts and containers; the random part makes each run distinct.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

/** Separates the owner from the rest of a temporary name; no repository, user or instance name contains it. */
export const OWNER_SEPARATOR = "~";

/** An instance id: lower-case letters, digits and `-` (safe in file names, never containing the separator). */
const INSTANCE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** `<host>-<pid>-<random>`: the host (cut to 32 characters) and pid for people reading a folder, the random part for uniqueness. */
export function newInstanceId(host: string = hostname(), pid: number = process.pid): string {
  const cleanHost =
    host
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32) || "host";
  return `${cleanHost}-${pid}-${randomBytes(4).toString("hex")}`.replace(/^-+/, "");
}

export function isInstanceId(text: string): boolean {
  return INSTANCE_ID.test(text);
}

/** `<owner>~<rest>`: a temporary name that says which instance made it. */
export function ownedName(owner: string, rest: string): string {
  return `${owner}${OWNER_SEPARATOR}${rest}`;
}

/** The instance that made `name` (`<owner>~…`), or undefined for a name without one (made before instance ids). */
export function ownerOfName(name: string): string | undefined {
  const at = name.indexOf(OWNER_SEPARATOR);
  if (at <= 0) return undefined;
  const owner = name.slice(0, at);
  return isInstanceId(owner) ? owner : undefined;
}

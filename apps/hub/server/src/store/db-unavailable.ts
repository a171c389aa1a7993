// Errors that mean "the database cannot be reached right now" rather than "this statement is wrong": PostgreSQL
// restarting or refusing connections, the network to it down, the pool unable to connect in time. A request that
// meets one answers 503 with Retry-After (DbUnavailableError), like a saturated database, instead of a 500: the
// same request succeeds once the database is back, and load balancers and clients retry a 503.
import { DbBusyError } from "./db-limits.js";

/** The database could not be reached; the cause is logged, not sent (it can name hosts and users). */
export class DbUnavailableError extends DbBusyError {
  override readonly name = "DbUnavailableError";
  constructor() {
    super("The database is unavailable: try again shortly", 5);
  }
}

/** Node's socket errors on the way to the database. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

/**
 * SQLSTATEs of a server that will not serve now: class 08 (connection exception), 53300 (too many connections),
 * 57P01–57P03 (shutting down, crashed, not yet accepting).
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|53300|57P0[123])$/;

/** What `pg` says when its connection ended or never came up (these carry no code). */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)|is not currently accepting connections/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  if (code !== undefined && (SOCKET_CODES.has(code) || UNAVAILABLE_STATE.test(code))) return true;
  const message = "message" in error && typeof error.message === "string" ? error.message : "";
  return PG_CONNECTION_MESSAGE.test(message);
}

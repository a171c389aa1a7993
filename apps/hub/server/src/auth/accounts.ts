// What routes need from accounts (implemented in auth/account-store.ts): turning a request's credentials into a
// Principal. Users, organizations and tokens live in the database; tokens are stored hashed.
import type { Principal, TokenRole } from "./principal.js";

/** A credential was sent but is not valid: 401 "Invalid credentials in Authorization header". */
export const INVALID_CREDENTIALS = Symbol("invalid credentials");

export interface Authenticator {
  /**
   * The principal for an `Authorization` header value (`Bearer <token>`, or `Basic base64(user:token)` as git
   * sends it), or ANONYMOUS when there is none; INVALID_CREDENTIALS for an unknown, revoked or malformed token.
   */
  authenticate(authorization: string | undefined): Promise<Principal | typeof INVALID_CREDENTIALS>;
  /** Does this user or organization exist? (Repositories can only be created under existing namespaces.) */
  namespaceExists(name: string): Promise<boolean>;
  /** A user or organization by name (case-insensitive), for whoami and the admin API. */
  account(name: string): Promise<Account | undefined>;
  /** The organizations a user is a member of, by name. */
  organizationsOf(user: string): Promise<Account[]>;
  /** Admin operations (auth/admin-routes.ts, cli.ts): they throw ApiError 400/404/409 on bad input. */
  createUser(name: unknown, fullname?: string): Promise<Account>;
  createOrganization(name: unknown, members?: readonly unknown[], fullname?: string): Promise<Account>;
  addMember(org: unknown, user: unknown): Promise<void>;
  createToken(user: unknown, role: unknown, displayName?: unknown): Promise<IssuedToken>;
  /** Revokes a token given by its value; false when no active token matched. */
  revokeToken(token: string): Promise<boolean>;
}

export type AccountKind = "user" | "org";

export interface Account {
  /** The name as created (its case). */
  name: string;
  kind: AccountKind;
  /** 24 hex, the shape of the hub's object ids. */
  id: string;
  fullname: string;
  createdAt: string;
}

export interface IssuedToken {
  /** The token itself: shown once, never stored. */
  token: string;
  user: string;
  role: TokenRole;
  displayName: string;
  createdAt: string;
}

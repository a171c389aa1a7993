// What routes need from accounts (implemented in auth/account-store.ts): turning a request's credentials into a
// Principal. Users, organizations and tokens live in the database; tokens are stored hashed.
import type { Member } from "./memberships.js";
import type { OrgRole, Principal, TokenRole } from "./principal.js";

/** A credential was sent but is not valid: 401 "Invalid credentials in Authorization header". */
export const INVALID_CREDENTIALS = Symbol("invalid credentials");

export interface Authenticator {
  /** false when the hub runs without HUBKIT_ADMIN_TOKEN: `/api/admin/*` is then off (the admin socket still works). */
  readonly adminApiEnabled?: boolean;
  /**
   * The principal for an `Authorization` header value (`Bearer <token>`, or `Basic base64(user:token)` as git
   * sends it), or ANONYMOUS when there is none; INVALID_CREDENTIALS for an unknown, revoked or malformed token.
   */
  authenticate(authorization: string | undefined): Promise<Principal | typeof INVALID_CREDENTIALS>;
  /** A signed-in user's principal (browser sessions), with their organizations; undefined if gone or disabled. */
  userPrincipal(user: string, role: TokenRole): Promise<Principal | undefined>;
  /** Does this user or organization exist? (Repositories can only be created under existing namespaces.) */
  namespaceExists(name: string): Promise<boolean>;
  /** A user or organization by name (case-insensitive), for whoami and the admin API. */
  account(name: string): Promise<Account | undefined>;
  /** The organizations a user is a member of, by name, with the user's role in each. */
  organizationsOf(user: string): Promise<Organization[]>;
  /** An organization's members with their roles, by name (at most 1000). */
  members(org: string): Promise<Member[]>;
  /** Admin and organization operations (auth/admin-routes.ts, auth/org-routes.ts, cli.ts): they throw ApiError 400/404/409 on bad input. */
  createUser(name: unknown, fullname?: string): Promise<Account>;
  /** The first member becomes the organization's admin, the others get `write`. */
  createOrganization(name: unknown, members?: readonly unknown[], fullname?: string): Promise<Account>;
  /** Adds a member (role `write` unless given); an existing member's role is set, or 409 with `ifAbsent`. */
  addMember(org: unknown, user: unknown, role?: unknown, options?: { ifAbsent?: boolean }): Promise<void>;
  /** 404 when not a member; 409 when it would leave the organization without an admin. */
  setMemberRole(org: unknown, user: unknown, role: unknown): Promise<void>;
  removeMember(org: unknown, user: unknown): Promise<void>;
  /** 409 while repositories live under the user's name. */
  deleteUser(name: unknown): Promise<void>;
  setDisabled(name: unknown, disabled: boolean): Promise<void>;
  isDisabled(name: string): Promise<boolean>;
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

/** An organization as seen from one of its members. */
export interface Organization extends Account {
  role: OrgRole;
}

export interface IssuedToken {
  /** The token itself: shown once, never stored. */
  token: string;
  user: string;
  role: TokenRole;
  displayName: string;
  createdAt: string;
}

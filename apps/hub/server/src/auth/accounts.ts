// What routes need from accounts (implemented in auth/account-store.ts): turning a request's credentials into a
// Principal. Users, organizations and tokens live in the database; tokens are stored hashed.
import type { Principal } from "./principal.js";

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
}

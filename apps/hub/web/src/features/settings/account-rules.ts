// The server's rules for passwords (server/src/auth/passwords.ts passwordProblem, and not the user name) and for user and organization
// names (server/src/repos/repo-ref.ts isValidNamespace), repeated here so a form can say what is wrong before
// anything is sent. The server checks again and its answer wins.
import { isReservedNamespace } from "../../../../shared/reserved-names";

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;
export const PASSWORD_RULE = `${MIN_PASSWORD}-${MAX_PASSWORD} characters, not your user name.`;

/** Why a new password (and its confirmation) is refused, or undefined when it is acceptable. */
export function newPasswordProblem(password: string, confirmation: string, username: string): string | undefined {
  // The server counts code points, not UTF-16 units (an emoji is one character).
  const length = [...password].length;
  if (length < MIN_PASSWORD || length > MAX_PASSWORD)
    return `The new password must be ${MIN_PASSWORD}-${MAX_PASSWORD} characters long.`;
  if (password.toLowerCase() === username.toLowerCase()) return "The password must not be your user name.";
  if (password !== confirmation) return "The two new passwords differ.";
  return undefined;
}

/** 2-42 letters, digits or single dashes, starting and ending with a letter or digit (the `pattern` attribute). */
export const NAMESPACE_PATTERN = "[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,40}[A-Za-z0-9])";
export const NAMESPACE_RULE = "2-42 letters, digits or dashes, starting and ending with a letter or digit.";
const NAMESPACE = new RegExp(`^${NAMESPACE_PATTERN}$`);

/** Why a user or organization name is refused, or undefined when it is valid. */
export function namespaceProblem(name: string): string | undefined {
  if (name === "") return "Enter a name.";
  if (!NAMESPACE.test(name)) return `Use ${NAMESPACE_RULE.charAt(0).toLowerCase()}${NAMESPACE_RULE.slice(1)}`;
  if (name.includes("--")) return "No '--'.";
  if (/^\d+$/.test(name)) return "The name cannot be only digits.";
  if (isReservedNamespace(name)) return `"${name}" is a section of the site; choose another name.`;
  return undefined;
}

// The message of a commit, one rule for the commit API and for git push (push-rules.ts): at most
// MAX_MESSAGE_BYTES of UTF-8. A longer one is refused, not cut: a cut message is not what the author wrote, and an
// uncut 20 MB one made every `/commits` page that lists it slow.
import { ApiError } from "../api/api-error.js";

export const MAX_MESSAGE_BYTES = 64 * 1024;

export function messageTooLong(bytes: number): string {
  return `The commit message is ${bytes} bytes long; the limit is ${MAX_MESSAGE_BYTES} bytes`;
}

/** The message git stores for a commit API request: the summary on one line, a blank line, the description. */
export function commitMessage(summary: string, description: string | undefined): string {
  const title = summary.replace(/[\r\n]+/g, " ").trim() || "Commit";
  const body = (description ?? "").trim();
  const message = body === "" ? `${title}\n` : `${title}\n\n${body}\n`;
  const bytes = Buffer.byteLength(message);
  if (bytes > MAX_MESSAGE_BYTES) throw new ApiError(422, messageTooLong(bytes));
  return message;
}

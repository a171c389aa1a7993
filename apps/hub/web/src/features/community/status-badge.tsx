// A discussion's or pull request's status as a badge: the word is always there (colour is only a second cue).
import type { DiscussionStatus } from "./community-api";

const LABEL: Record<DiscussionStatus, string> = { open: "Open", closed: "Closed", merged: "Merged", draft: "Draft" };

export function StatusBadge({ status, isPullRequest }: { status: DiscussionStatus; isPullRequest: boolean }) {
  return (
    <span className={`badge status-${status}`}>
      {LABEL[status] ?? status}
      {isPullRequest ? " PR" : ""}
    </span>
  );
}

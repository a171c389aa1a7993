// One line of the Community list: status, kind, number and title (the link), author, date and comment count.
import { Link } from "../../components/link";
import { OwnerLink } from "../../components/owner-link";
import type { RepoId } from "../repo/repo-url";
import type { DiscussionSummary } from "./community-api";
import { discussionPath } from "./community-paths";
import { StatusBadge } from "./status-badge";

export function DiscussionRow({ repo, item }: { repo: RepoId; item: DiscussionSummary }) {
  return (
    <li className="discussion-row">
      <StatusBadge status={item.status} isPullRequest={item.isPullRequest} />
      <Link href={discussionPath(repo, item.num)} className="discussion-title break">
        <span className="muted">#{item.num}</span> {item.title}
      </Link>
      <span className="muted small">
        {item.isPullRequest ? "Pull request" : "Discussion"} by <OwnerLink name={item.author?.name} /> ·{" "}
        <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleDateString("en")}</time>
        {typeof item.numComments === "number"
          ? ` · ${item.numComments} ${item.numComments === 1 ? "comment" : "comments"}`
          : ""}
      </span>
    </li>
  );
}

// The discussion's events, oldest first: comments (sanitised Markdown, with edit for their author and hide for
// writers), status and title changes, and a pull request's commits. An event type this site does not know is shown
// as one plain line rather than dropped.
import { Link } from "../../components/link";
import { OwnerLink } from "../../components/owner-link";
import { repoPagePath } from "../repo/repo-url";
import { CommentItem } from "./comment-item";
import type { CommentEvent, CommitEvent, DiscussionEvent, OtherEvent, StatusEvent, TitleEvent } from "./community-api";
import type { DiscussionContext } from "./discussion-page";

/** At most this many events are drawn (the server keeps at most 1 000 per discussion). */
const MAX_EVENTS = 1000;

const STATUS_VERB: Record<string, string> = {
  open: "reopened this",
  closed: "closed this",
  merged: "merged this",
  draft: "marked this as a draft",
};

function When({ date }: { date: string }) {
  return <time dateTime={date}>{new Date(date).toLocaleString("en")}</time>;
}

export function Timeline({ context }: { context: DiscussionContext }) {
  const events = context.discussion.events.slice(0, MAX_EVENTS);
  return (
    <section aria-labelledby="timeline-heading" className="timeline-section">
      <h3 id="timeline-heading">Conversation</h3>
      {events.length === 0 ? <p className="muted">No comments yet.</p> : null}
      <ol className="timeline">
        {events.map((event) => (
          <li key={event.id} className={`timeline-item timeline-${event.type}`}>
            <EventView event={event} context={context} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function EventView({ event, context }: { event: DiscussionEvent | OtherEvent; context: DiscussionContext }) {
  const who = event.author?.name ?? "deleted";
  switch (event.type) {
    case "comment":
      return <CommentItem event={event as CommentEvent} context={context} />;
    case "status-change": {
      const status = (event as StatusEvent).data.status;
      return (
        <p className="timeline-line">
          <strong>
            <OwnerLink name={event.author?.name} />
          </strong>{" "}
          {STATUS_VERB[status] ?? `set the status to ${status}`} · <When date={event.createdAt} />
        </p>
      );
    }
    case "title-change": {
      const { from, to } = (event as TitleEvent).data;
      return (
        <p className="timeline-line break">
          <strong>
            <OwnerLink name={event.author?.name} />
          </strong>{" "}
          changed the title from <q>{from}</q> to <q>{to}</q> · <When date={event.createdAt} />
        </p>
      );
    }
    case "commit": {
      const { oid, subject } = (event as CommitEvent).data;
      return (
        <p className="timeline-line break">
          <strong>
            <OwnerLink name={event.author?.name} />
          </strong>{" "}
          added a commit{" "}
          <Link href={repoPagePath(context.repo, { kind: "commit", sha: oid })}>
            <code>{oid.slice(0, 7)}</code>
          </Link>{" "}
          {subject} · <When date={event.createdAt} />
        </p>
      );
    }
    default:
      return (
        <p className="timeline-line muted">
          {who}: {event.type} · <When date={event.createdAt} />
        </p>
      );
  }
}

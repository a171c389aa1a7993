// One comment: author, date, "edited", the sanitised body; "Edit" for its author (an inline editor), "Hide" for
// the repository's writers (asked twice: hiding cannot be undone). A hidden comment shows only that it was hidden.
import type { FormEvent } from "react";
import { OwnerLink } from "../../components/owner-link";
import { FormProblem } from "../../components/status";
import { ConfirmButton } from "../settings/confirm-button";
import { CommentBody } from "./comment-body";
import { type CommentEvent, editComment, hideComment } from "./community-api";
import type { DiscussionContext } from "./discussion-page";
import { useInlineEdit } from "./inline-edit";
import { MAX_BODY_CHARS } from "./new-discussion-form";

export function CommentItem({ event, context }: { event: CommentEvent; context: DiscussionContext }) {
  const { repo, discussion, me, canWrite, refresh } = context;
  const author = event.author?.name ?? "deleted";
  const mine = me !== undefined && me.toLowerCase() === author.toLowerCase();
  const {
    editing,
    setEditing,
    busy,
    problem,
    setProblem,
    field: editor,
    trigger: editButton,
    save: saveChange,
  } = useInlineEdit<HTMLTextAreaElement>(refresh);

  const save = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    const content = String(new FormData(submitted.currentTarget).get("content") ?? "");
    if (content.trim() === "") return setProblem("A comment cannot be empty.");
    await saveChange(() => editComment(repo, discussion.num, event.id, content));
  };
  const label = `Comment by ${author}`;
  return (
    <article className="comment card" aria-label={label}>
      <p className="comment-meta muted small">
        <strong className="comment-author">
          <OwnerLink name={event.author?.name} />
        </strong>{" "}
        commented <time dateTime={event.createdAt}>{new Date(event.createdAt).toLocaleString("en")}</time>
        {event.data.edited && !event.data.hidden ? " · edited" : ""}
      </p>
      {event.data.hidden ? (
        <p className="muted">This comment has been hidden.</p>
      ) : editing ? (
        <form
          onSubmit={save}
          aria-label={`Edit the comment by ${author}`}
          onKeyDown={(key) => key.key === "Escape" && setEditing(false)}
        >
          <label className="field">
            <span>Comment</span>
            <textarea
              ref={editor}
              name="content"
              rows={6}
              maxLength={MAX_BODY_CHARS}
              defaultValue={event.data.latest.raw}
            />
          </label>
          <div className="row">
            <button type="submit" className="primary" disabled={busy}>
              Save comment
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <CommentBody text={event.data.latest.raw} repo={repo} headingLevel={4} />
      )}
      {!event.data.hidden && !editing && (mine || canWrite) ? (
        <div className="row comment-actions">
          {mine ? (
            <button
              type="button"
              ref={editButton}
              className="link-button"
              aria-label={`Edit your comment of ${new Date(event.createdAt).toLocaleString("en")}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
          ) : null}
          {canWrite ? (
            <ConfirmButton
              label="Hide"
              accessibleLabel={`Hide the comment by ${author}`}
              question="Hide this comment for everyone? This cannot be undone."
              confirmLabel="Yes, hide it"
              onConfirm={async () => {
                try {
                  await hideComment(repo, discussion.num, event.id);
                  refresh();
                } catch (error) {
                  setProblem((error as Error).message);
                }
              }}
            />
          ) : null}
        </div>
      ) : null}
      <FormProblem problem={problem} />
    </article>
  );
}

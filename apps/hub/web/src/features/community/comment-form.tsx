// "Add a comment" (signed-in visitors) with, for writers, "Close" / "Reopen" beside it: with text typed, the
// status change carries the comment, as the hub's status route allows. Visitors get a sign-in link instead.
import { type FormEvent, useRef, useState } from "react";
import { Link } from "../../components/link";
import { FormProblem } from "../../components/status";
import { useLocation } from "../../lib/navigation";
import { addComment, changeStatus } from "./community-api";
import type { DiscussionContext } from "./discussion-page";
import { MAX_BODY_CHARS } from "./new-discussion-form";

export function CommentForm({ context, signedIn }: { context: DiscussionContext; signedIn: boolean }) {
  const { repo, discussion, canWrite, refresh } = context;
  const { pathname } = useLocation();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const area = useRef<HTMLTextAreaElement>(null);
  if (!signedIn)
    return (
      <p>
        <Link href={`/login?next=${encodeURIComponent(pathname)}`}>Sign in to comment</Link>
      </p>
    );
  const run = async (work: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      await work();
      setText("");
      setDone(message);
      refresh();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === "") {
      setProblem("Write a comment first.");
      area.current?.focus();
      return;
    }
    return run(() => addComment(repo, discussion.num, text), "Comment added.");
  };
  const closed = discussion.status === "closed";
  const canToggle = canWrite && discussion.status !== "merged";
  const kind = discussion.isPullRequest ? "pull request" : "discussion";
  return (
    <section aria-labelledby="comment-heading" className="comment-form">
      <h3 id="comment-heading">Add a comment</h3>
      <form onSubmit={submit} aria-busy={busy}>
        <label className="field">
          <span>Comment (Markdown)</span>
          <textarea
            ref={area}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={5}
            maxLength={MAX_BODY_CHARS}
          />
        </label>
        <FormProblem problem={problem} />
        {done ? (
          <p className="ok" role="status">
            {done}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            Comment
          </button>
          {canToggle ? (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                run(
                  () => changeStatus(repo, discussion.num, closed ? "open" : "closed", text.trim() || undefined),
                  closed ? `The ${kind} is open again.` : `The ${kind} is closed.`,
                )
              }
            >
              {closed ? `Reopen ${kind}` : `Close ${kind}`}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

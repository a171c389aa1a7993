// The discussion's heading: status, title, number, who opened it and when; "Rename" (its author and writers) turns
// the heading's title into a small form.
import type { FormEvent } from "react";
import { OwnerLink } from "../../components/owner-link";
import { FormProblem } from "../../components/status";
import { renameDiscussion, titleProblem } from "./community-api";
import type { DiscussionContext } from "./discussion-page";
import { useInlineEdit } from "./inline-edit";
import { StatusBadge } from "./status-badge";

export function TitleBar({ context }: { context: DiscussionContext }) {
  const { repo, discussion, me, canWrite, refresh } = context;
  const {
    editing,
    setEditing,
    busy,
    problem,
    setProblem,
    field: input,
    trigger: renameButton,
    save,
  } = useInlineEdit<HTMLInputElement>(refresh);
  const author = discussion.author?.name ?? "deleted";
  const mayRename = me !== undefined && (canWrite || me.toLowerCase() === author.toLowerCase());
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    const invalid = titleProblem(title);
    if (invalid !== undefined) return setProblem(invalid);
    await save(async () => {
      if (title.trim() !== discussion.title) await renameDiscussion(repo, discussion.num, title.trim());
    });
  };
  return (
    <header className="discussion-header">
      <h2 id="discussion-heading" className="break">
        {discussion.title} <span className="muted">#{discussion.num}</span>
      </h2>
      <p className="discussion-meta">
        <StatusBadge status={discussion.status} isPullRequest={discussion.isPullRequest} />{" "}
        <span className="muted">
          <OwnerLink name={discussion.author?.name} /> opened this{" "}
          {discussion.isPullRequest ? "pull request" : "discussion"} on{" "}
          <time dateTime={discussion.createdAt}>{new Date(discussion.createdAt).toLocaleString("en")}</time>
        </span>
        {mayRename && !editing ? (
          <button type="button" ref={renameButton} className="link-button" onClick={() => setEditing(true)}>
            Rename
          </button>
        ) : null}
      </p>
      {editing ? (
        <form
          className="row"
          aria-label="Rename"
          onSubmit={submit}
          onKeyDown={(event) => event.key === "Escape" && setEditing(false)}
        >
          <label className="field grow">
            <span>New title</span>
            <input ref={input} name="title" defaultValue={discussion.title} required minLength={3} maxLength={200} />
          </label>
          <button type="submit" className="primary" disabled={busy}>
            Save title
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : null}
      <FormProblem problem={problem} />
    </header>
  );
}

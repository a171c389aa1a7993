// The commit message part of the publish forms (upload, edit, delete a file): a one-line summary, optionally a
// description, and how the submitted form turns into the commit's message (an empty summary takes the page's default).

/** Field names are the form's contract with readCommitMessage. */
export function CommitMessageFields({
  placeholder,
  description = true,
}: {
  placeholder: string;
  description?: boolean;
}) {
  return (
    <>
      <label className="field">
        <span>Commit message</span>
        <input name="summary" maxLength={200} placeholder={placeholder} />
      </label>
      {description ? (
        <label className="field">
          <span>Description (optional)</span>
          <textarea name="description" rows={2} maxLength={5000} />
        </label>
      ) : null}
    </>
  );
}

/** The summary typed (trimmed), or `fallback` when it is blank; the description as typed ("" when absent). */
export function readCommitMessage(data: FormData, fallback: string): { summary: string; description: string } {
  const summary = String(data.get("summary") ?? "").trim() || fallback;
  return { summary, description: String(data.get("description") ?? "") };
}

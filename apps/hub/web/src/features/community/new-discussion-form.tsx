// "New discussion": a title (3–200 characters, the hub's rule) and a Markdown body. The title field takes the focus
// when the form opens; Cancel (or Escape) closes it.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormProblem } from "../../components/status";
import type { RepoId } from "../repo/repo-url";
import { createDiscussion, titleProblem } from "./community-api";

export const MAX_BODY_CHARS = 65_536;

export function NewDiscussionForm({
  repo,
  onCancel,
  onCreated,
}: {
  repo: RepoId;
  onCancel: () => void;
  onCreated: (num: number) => void;
}) {
  const title = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => title.current?.focus(), []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = String(data.get("title") ?? "");
    const invalid = titleProblem(text);
    if (invalid !== undefined) return setProblem(invalid);
    setBusy(true);
    setProblem(undefined);
    try {
      onCreated(await createDiscussion(repo, text.trim(), String(data.get("description") ?? "")));
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <form
      className="card publish-form"
      aria-label="New discussion"
      onSubmit={submit}
      aria-busy={busy}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
    >
      <label className="field">
        <span>Title</span>
        <input ref={title} name="title" required minLength={3} maxLength={200} />
      </label>
      <label className="field">
        <span>Description (Markdown)</span>
        <textarea name="description" rows={6} maxLength={MAX_BODY_CHARS} />
      </label>
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Creating…" : "Create discussion"}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

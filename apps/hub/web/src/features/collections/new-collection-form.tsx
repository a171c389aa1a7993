// The form that creates a collection in a namespace: title, optional description, private or public.
import { type FormEvent, useState } from "react";
import { FormProblem } from "../../components/status";
import { type Collection, createCollection } from "./collections-api";

export const MAX_TITLE = 100;
export const MAX_DESCRIPTION = 150;

export function NewCollectionForm({
  namespace,
  onCreated,
}: {
  namespace: string;
  onCreated: (collection: Collection) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get("title") ?? "").trim();
    const description = String(data.get("description") ?? "").trim();
    if (title === "") return setProblem("A collection needs a title.");
    setBusy(true);
    setProblem(undefined);
    try {
      const made = await createCollection({
        namespace,
        title,
        ...(description !== "" ? { description } : {}),
        private: data.get("private") === "on",
      });
      onCreated(made);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <form className="card collection-form" onSubmit={submit} aria-label="New collection" aria-busy={busy}>
      <h2>New collection</h2>
      <label className="field">
        <span>Title</span>
        <input name="title" required maxLength={MAX_TITLE} autoComplete="off" />
      </label>
      <label className="field">
        <span>Description (optional)</span>
        <input name="description" maxLength={MAX_DESCRIPTION} autoComplete="off" />
      </label>
      <label className="check">
        <input type="checkbox" name="private" /> Private (hidden from everyone outside {namespace})
      </label>
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Creating…" : "Create collection"}
        </button>
      </div>
    </form>
  );
}

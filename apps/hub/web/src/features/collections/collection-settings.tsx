// Rename, describe and make private or public: one form, saved with one PATCH.
import { type FormEvent, useState } from "react";
import { FormProblem } from "../../components/status";
import { type Collection, updateCollection } from "./collections-api";
import { MAX_DESCRIPTION, MAX_TITLE } from "./new-collection-form";

export function CollectionSettings({
  collection,
  onSaved,
}: {
  collection: Collection;
  onSaved: (updated: Collection) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get("title") ?? "").trim();
    if (title === "") return setProblem("A collection needs a title.");
    setBusy(true);
    setProblem(undefined);
    try {
      const updated = await updateCollection(collection.slug, {
        title,
        description: String(data.get("description") ?? "").trim(),
        private: data.get("private") === "on",
      });
      await onSaved(updated);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      key={collection.slug + String(collection.private)}
      className="card collection-form"
      onSubmit={submit}
      aria-label="Collection settings"
      aria-busy={busy}
    >
      <h2>Settings</h2>
      <label className="field">
        <span>Title</span>
        <input name="title" required maxLength={MAX_TITLE} defaultValue={collection.title} autoComplete="off" />
      </label>
      <label className="field">
        <span>Description</span>
        <input
          name="description"
          maxLength={MAX_DESCRIPTION}
          defaultValue={collection.description ?? ""}
          autoComplete="off"
        />
      </label>
      <label className="check">
        <input type="checkbox" name="private" defaultChecked={collection.private} /> Private (hidden from everyone
        outside {collection.owner.name})
      </label>
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}

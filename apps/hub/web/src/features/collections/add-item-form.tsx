// Adds an item by id: a repository (`owner/name`), a paper id, or another collection's slug, with an optional note.
import { type FormEvent, useState } from "react";
import { FormProblem } from "../../components/status";
import { addItem, type ItemType } from "./collections-api";

const MAX_NOTE = 500;
const TYPES: ReadonlyArray<[ItemType, string, string]> = [
  ["model", "Model", "owner/name"],
  ["dataset", "Dataset", "owner/name"],
  ["space", "Space", "owner/name"],
  ["paper", "Paper", "2311.12983"],
  ["collection", "Collection", "owner/title-0123456789abcdef01234567"],
];

export function AddItemForm({ slug, onAdded }: { slug: string; onAdded: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [type, setType] = useState<ItemType>("model");

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const id = String(data.get("id") ?? "").trim();
    const note = String(data.get("note") ?? "").trim();
    if (id === "") return setProblem("Give the id of the item to add.");
    setBusy(true);
    setProblem(undefined);
    try {
      await addItem(slug, { type, id }, note === "" ? undefined : note);
      form.reset();
      setType("model");
      onAdded(id);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card collection-form"
      onSubmit={submit}
      onInput={() => setProblem(undefined)}
      aria-label="Add an item"
      aria-busy={busy}
    >
      <h2>Add an item</h2>
      <div className="row collection-add-row">
        <label className="field">
          <span>Kind</span>
          <select name="type" value={type} onChange={(event) => setType(event.currentTarget.value as ItemType)}>
            {TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>Id</span>
          <input
            name="id"
            required
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            placeholder={TYPES.find(([value]) => value === type)?.[2]}
          />
        </label>
      </div>
      <label className="field">
        <span>Note (optional)</span>
        <textarea name="note" rows={2} maxLength={MAX_NOTE} />
      </label>
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Adding…" : "Add to collection"}
        </button>
      </div>
    </form>
  );
}

// "Add to collection" on a repository page: a disclosure (keyboard-operable as it is) that lists the collections
// the signed-in user may edit — their own and their organizations' — and adds the repository to the chosen one.
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "../../components/link";
import { FormProblem } from "../../components/status";
import { useSession } from "../../lib/session";
import type { RepoId } from "../repo/repo-url";
import { addItem, type Collection, collectionPath, loadCollections, ownerCollectionsPath } from "./collections-api";
import "./collections.css";

export function AddToCollection({ repo }: { repo: RepoId }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [collections, setCollections] = useState<Collection[]>();
  const [problem, setProblem] = useState<string>();
  const [added, setAdded] = useState<Collection>();
  const [busy, setBusy] = useState(false);

  const owners = session ? [session.user.name, ...session.orgs] : [];
  const ownersKey = owners.join(",");
  useEffect(() => {
    if (!open || ownersKey === "") return;
    const controller = new AbortController();
    loadCollections(ownersKey.split(","), controller.signal).then(setCollections, (error: Error) => {
      if (!controller.signal.aborted) setProblem(error.message);
    });
    return () => controller.abort();
  }, [open, ownersKey]);

  if (!session) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const slug = String(new FormData(event.currentTarget).get("collection") ?? "");
    const target = collections?.find((one) => one.slug === slug);
    if (target === undefined) return;
    setBusy(true);
    setProblem(undefined);
    setAdded(undefined);
    try {
      await addItem(slug, { type: repo.type, id: repo.id }, undefined);
      setAdded(target);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="add-to-collection" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Add to collection</summary>
      {collections === undefined ? (
        problem ? null : (
          <p className="muted small" role="status">
            Loading your collections…
          </p>
        )
      ) : collections.length === 0 ? (
        <p className="small">
          No collections yet: <Link href={ownerCollectionsPath(session.user.name)}>create one</Link>.
        </p>
      ) : (
        <form className="row" onSubmit={submit} aria-label="Add to collection" aria-busy={busy}>
          <label className="field">
            <span>Collection</span>
            <select name="collection">
              {collections.map((one) => (
                <option key={one.slug} value={one.slug}>
                  {one.owner.name === session.user.name ? one.title : `${one.owner.name} / ${one.title}`}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy}>
            {busy ? "Adding…" : "Add"}
          </button>
        </form>
      )}
      <p role="status" className="small collection-notice">
        {added ? (
          <>
            Added to <Link href={collectionPath(added.slug)}>{added.title}</Link>.
          </>
        ) : null}
      </p>
      <FormProblem problem={problem} />
    </details>
  );
}

// `/collections/{namespace}/{slug}`: one collection — its items as the site's repository rows (papers and nested
// collections as plain rows), each with its note. Those who may edit it also get: move up / move down and remove
// on every item (buttons, so the order changes by keyboard too), the add-item form, rename / describe / private,
// and delete. A collection the visitor may not see is the not-found page, as the server answers.
import { useEffect, useRef, useState } from "react";
import { Link } from "../../components/link";
import NotFoundPage from "../../components/not-found-page";
import { ErrorMessage, FormProblem, Loading } from "../../components/status";
import { navigate } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { ConfirmButton } from "../settings/confirm-button";
import { AddItemForm } from "./add-item-form";
import { CollectionSettings } from "./collection-settings";
import {
  type Collection,
  type CollectionItem,
  collectionPath,
  deleteCollection,
  loadCollection,
  mayEdit,
  moveItem,
  ownerCollectionsPath,
  removeItem,
} from "./collections-api";
import { ItemView } from "./item-view";
import "./collections.css";

export default function CollectionPage({ params }: { params: RouteParams }) {
  const key = `${params.namespace}/${params.slug}`;
  const state = useAsync(`collection:${key}`, (signal) => loadCollection(params.namespace, params.slug, signal));
  // After a change the page asks again and shows the answer in place (no flash of "Loading…"); only then is the
  // change announced, so a second key press acts on the order the visitor sees.
  const [fresh, setFresh] = useState<{ key: string; data: Collection | undefined }>();
  const reload = async () => {
    const data = await loadCollection(params.namespace, params.slug, new AbortController().signal);
    setFresh({ key, data });
  };
  // A rename changes the slug (the address): the answer is shown at once under the new address's key.
  const renamed = (data: Collection) => {
    setFresh({ key: data.slug, data });
    navigate(collectionPath(data.slug), { replace: true, scroll: false });
  };
  if (fresh?.key === key)
    return fresh.data === undefined ? (
      <NotFoundPage />
    ) : (
      <CollectionView collection={fresh.data} reload={reload} renamed={renamed} />
    );
  if (state.status === "loading") return <Loading what="the collection" />;
  if (state.status === "error") return <ErrorMessage error={state.error} what="the collection" />;
  if (state.data === undefined) return <NotFoundPage />;
  return <CollectionView collection={state.data} reload={reload} renamed={renamed} />;
}

/** After a move, the focus goes back to the moved item's button (or its other one when that one is now disabled). */
interface FocusWish {
  itemId: string;
  button: "up" | "down";
}

function CollectionView({
  collection,
  reload,
  renamed,
}: {
  collection: Collection;
  reload: () => Promise<void>;
  renamed: (collection: Collection) => void;
}) {
  const session = useSession();
  const editable = mayEdit(session, collection.owner.name);
  const [notice, setNotice] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const focusWish = useRef<FocusWish>(undefined);
  /** One change at a time: a key held down must not send moves computed from an order already changed. */
  const busy = useRef(false);
  const items = collection.items;

  useEffect(() => {
    const wish = focusWish.current;
    if (wish === undefined) return;
    const index = items.findIndex((item) => item._id === wish.itemId);
    if (index < 0) return;
    focusWish.current = undefined;
    const button = wish.button === "up" ? (index === 0 ? "down" : "up") : index === items.length - 1 ? "up" : "down";
    document.getElementById(`move-${button}-${wish.itemId}`)?.focus();
  }, [items]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    if (busy.current) return;
    busy.current = true;
    setProblem(undefined);
    try {
      await work();
      await reload();
      setNotice(done);
    } catch (error) {
      setNotice(undefined);
      setProblem((error as Error).message);
    } finally {
      busy.current = false;
    }
  };
  const move = (item: CollectionItem, by: -1 | 1) => {
    focusWish.current = { itemId: item._id, button: by < 0 ? "up" : "down" };
    return run(
      () => moveItem(collection.slug, item._id, item.position + by),
      `Moved ${item.id} to position ${item.position + by + 1} of ${items.length}.`,
    );
  };

  return (
    <article className={`collection-page theme-${collection.theme}`}>
      <p className="breadcrumb">
        <Link href={ownerCollectionsPath(collection.owner.name)}>Collections of {collection.owner.name}</Link>
      </p>
      <h1 className="collection-title">
        {collection.title}
        {collection.private ? <span className="badge badge-private">Private</span> : null}
      </h1>
      {collection.description ? <p className="lead">{collection.description}</p> : null}
      <p className="muted small">
        {items.length} {items.length === 1 ? "item" : "items"} · by{" "}
        <Link href={`/${encodeURIComponent(collection.owner.name)}`}>{collection.owner.name}</Link>
      </p>
      <p role="status" className="collection-notice">
        {notice}
      </p>
      <FormProblem problem={problem} />
      {items.length === 0 ? (
        <p className="muted">This collection is empty.</p>
      ) : (
        <ol className="plain-list collection-items" aria-label="Items">
          {items.map((item, index) => (
            <li key={item._id} className="collection-item">
              <ItemView item={item} />
              {editable ? (
                <div className="row collection-item-actions">
                  <button
                    type="button"
                    id={`move-up-${item._id}`}
                    disabled={index === 0}
                    aria-label={`Move ${item.id} up`}
                    onClick={() => move(item, -1)}
                  >
                    ↑ Up
                  </button>
                  <button
                    type="button"
                    id={`move-down-${item._id}`}
                    disabled={index === items.length - 1}
                    aria-label={`Move ${item.id} down`}
                    onClick={() => move(item, 1)}
                  >
                    ↓ Down
                  </button>
                  <ConfirmButton
                    label="Remove"
                    accessibleLabel={`Remove ${item.id}`}
                    question={`Remove ${item.id} from this collection?`}
                    confirmLabel="Remove"
                    onConfirm={() => run(() => removeItem(collection.slug, item._id), `Removed ${item.id}.`)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {editable ? (
        <>
          <AddItemForm slug={collection.slug} onAdded={(id) => run(async () => undefined, `Added ${id}.`)} />
          <CollectionSettings
            collection={collection}
            onSaved={async (updated) => {
              if (updated.slug !== collection.slug) renamed(updated);
              else await reload();
              setNotice("Saved.");
            }}
          />
          <section className="card danger-zone collection-form" aria-labelledby="delete-collection-heading">
            <h2 id="delete-collection-heading">Delete this collection</h2>
            <p className="muted small">The repositories stay; only the list and its notes are deleted.</p>
            <ConfirmButton
              label="Delete collection"
              question={`Delete “${collection.title}” for good?`}
              confirmLabel="Delete"
              onConfirm={async () => {
                try {
                  await deleteCollection(collection.slug);
                  navigate(ownerCollectionsPath(collection.owner.name));
                } catch (error) {
                  setProblem((error as Error).message);
                }
              }}
            />
          </section>
        </>
      ) : null}
    </article>
  );
}

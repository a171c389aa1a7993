// `/collections/{namespace}`: a user's or an organization's collections, in the owner's order. The owner (or a
// member of the organization) also gets the form that creates one. Private collections are listed only to those
// the server shows them to.
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { navigate } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { timeAgo } from "../search/repo-row";
import { type Collection, collectionPath, loadCollections, mayEdit } from "./collections-api";
import { NewCollectionForm } from "./new-collection-form";
import "./collections.css";

export default function CollectionsPage({ params }: { params: RouteParams }) {
  const owner = params.namespace;
  const session = useSession();
  const state = useAsync(`collections:${owner}`, (signal) => loadCollections(owner, signal));
  return (
    <section className="collections-page">
      <p className="breadcrumb">
        <Link href={`/${encodeURIComponent(owner)}`}>{owner}</Link>
      </p>
      <h1>Collections of {owner}</h1>
      {mayEdit(session, owner) ? (
        <NewCollectionForm namespace={owner} onCreated={(made) => navigate(collectionPath(made.slug))} />
      ) : null}
      <AsyncView
        state={state}
        what={`the collections of ${owner}`}
        render={(collections) =>
          collections.length === 0 ? (
            <p className="muted">No collections yet.</p>
          ) : (
            <ul className="grid plain-list collection-cards">
              {collections.map((collection) => (
                <CollectionCard key={collection.slug} collection={collection} />
              ))}
            </ul>
          )
        }
      />
    </section>
  );
}

function CollectionCard({ collection }: { collection: Collection }) {
  return (
    <li className={`card collection-card theme-${collection.theme}`}>
      <h2 className="collection-card-title">
        <Link href={collectionPath(collection.slug)}>{collection.title}</Link>
        {collection.private ? <span className="badge badge-private">Private</span> : null}
      </h2>
      {collection.description ? <p className="collection-description">{collection.description}</p> : null}
      {collection.items.length > 0 ? (
        <ul className="plain-list collection-preview small">
          {collection.items.map((item) => (
            <li key={item._id}>{item.type === "collection" ? (item.title ?? item.id) : item.id}</li>
          ))}
        </ul>
      ) : (
        <p className="muted small">Empty</p>
      )}
      <p className="muted small">Updated {timeAgo(collection.lastUpdated)}</p>
    </li>
  );
}

// One item of a collection: a model, dataset or Space as the site's repository row; a paper or a nested
// collection as a plain row; then its note (plain text: the server stores it as written).
import { Link } from "../../components/link";
import { RepoRow } from "../search/repo-row";
import { type CollectionItem, collectionPath } from "./collections-api";

export function ItemView({ item }: { item: CollectionItem }) {
  return (
    <div className="collection-item-body">
      {item.type === "model" || item.type === "dataset" || item.type === "space" ? (
        <ul className="model-list">
          <RepoRow type={item.type} item={item} />
        </ul>
      ) : item.type === "collection" ? (
        <p className="collection-item-other">
          <span className="chip small">Collection</span>
          <Link href={collectionPath(item.slug ?? "")} className="model-id">
            {item.title ?? item.id}
          </Link>
          <span className="muted small">
            {item.numberItems ?? 0} {item.numberItems === 1 ? "item" : "items"}
          </span>
        </p>
      ) : (
        <p className="collection-item-other">
          <span className="chip small">Paper</span>
          <span className="model-id">{item.id}</span>
        </p>
      )}
      {item.note ? <p className="collection-note">{item.note.text}</p> : null}
    </div>
  );
}

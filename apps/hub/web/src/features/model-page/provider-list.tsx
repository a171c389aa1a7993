// The inference providers serving the model, one line each: provider, status, task, and the provider's model id on
// its own line, cut with an ellipsis (the whole id in its title) instead of wrapping letter by letter.
import type { ProviderMappingEntry } from "../../lib/api";
import type { RepoInfo } from "../repo/repo-data";

/** Providers listed before "more". */
const SHOWN = 4;

type Entry = [string, ProviderMappingEntry];

function Item([provider, entry]: Entry) {
  return (
    <li key={provider}>
      <span className="provider-name">{provider}</span>
      {entry.status === "staging" ? <span className="badge">staging</span> : null}
      <span className="muted small"> {entry.task}</span>
      <code className="provider-id" title={entry.providerId}>
        {entry.providerId}
      </code>
    </li>
  );
}

export function ProviderList({ info }: { info: RepoInfo }) {
  const mapping = Object.entries(info.inferenceProviderMapping ?? {});
  if (mapping.length === 0)
    return <p className="muted small">No inference provider serves this model in this index.</p>;
  return (
    <>
      <ul className="provider-list">{mapping.slice(0, SHOWN).map(Item)}</ul>
      {mapping.length > SHOWN ? (
        <details className="provider-more">
          <summary className="small">{mapping.length - SHOWN} more providers</summary>
          <ul className="provider-list">{mapping.slice(SHOWN).map(Item)}</ul>
        </details>
      ) : null}
      <p className="muted small">Code for each provider: Use this model → Inference providers.</p>
    </>
  );
}

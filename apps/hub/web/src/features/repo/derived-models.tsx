// "Finetunes / quantizations of this model": the models whose `base_model` names this one. The server indexes
// `base_model:<id>` tags (and the hub's `base_model:<relation>:<id>` ones, when a card gives a relation), so one
// listing query finds them; each is grouped by the relation its tags state.
import { Link } from "../../components/link";
import { getJson } from "../../lib/api";
import { useAsync } from "../../lib/use-async";
import { repoPagePath } from "./repo-url";

const LIMIT = 20;
const RELATIONS = ["finetune", "quantized", "adapter", "merge"] as const;
const RELATION_LABEL: Record<(typeof RELATIONS)[number] | "other", string> = {
  finetune: "Finetunes",
  quantized: "Quantizations",
  adapter: "Adapters",
  merge: "Merges",
  other: "Other models built on it",
};

interface Listed {
  id: string;
  tags?: string[];
}

export function groupByRelation(
  base: string,
  models: readonly Listed[],
): Array<{ relation: keyof typeof RELATION_LABEL; ids: string[] }> {
  const groups = new Map<keyof typeof RELATION_LABEL, string[]>();
  for (const model of models) {
    if (model.id === base) continue;
    const relation = RELATIONS.find((r) => model.tags?.includes(`base_model:${r}:${base}`)) ?? "other";
    groups.set(relation, [...(groups.get(relation) ?? []), model.id]);
  }
  return [...RELATIONS, "other" as const]
    .filter((r) => groups.has(r))
    .map((relation) => ({ relation, ids: groups.get(relation) ?? [] }));
}

export function DerivedModels({ id }: { id: string }) {
  const state = useAsync(`derived:${id}`, (signal) =>
    getJson<Listed[]>(`/api/models?filter=${encodeURIComponent(`base_model:${id}`)}&limit=${LIMIT}`, signal).then(
      (r) => r.data,
    ),
  );
  if (state.status !== "ready" || state.data.filter((m) => m.id !== id).length === 0) return null;
  return (
    <section aria-labelledby="derived-heading">
      <h2 id="derived-heading">Finetunes / quantizations of this model</h2>
      {groupByRelation(id, state.data).map((group) => (
        <div key={group.relation}>
          <h3>{RELATION_LABEL[group.relation]}</h3>
          <ul>
            {group.ids.map((derived) => (
              <li key={derived}>
                <Link href={repoPagePath({ type: "model", id: derived })}>{derived}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

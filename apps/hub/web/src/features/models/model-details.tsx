// The model's metadata at a glance, in the sidebar: architecture, GGUF facts, base model, auto class. The size and
// tensor types are model-page/model-size.tsx, the providers model-page/provider-list.tsx.
import type { ModelRecord } from "../../lib/api";

export function ModelDetails({ model }: { model: ModelRecord }) {
  const rows: Array<[string, string]> = [];
  const config = model.config;
  if (config?.architectures?.length) rows.push(["Architecture", config.architectures.join(", ")]);
  if (config?.model_type) rows.push(["Model type", config.model_type]);
  if (model.gguf?.architecture) rows.push(["GGUF architecture", model.gguf.architecture]);
  if (model.gguf?.context_length) rows.push(["Context length", model.gguf.context_length.toLocaleString("en")]);
  const base = model.cardData?.base_model;
  if (base) rows.push(["Base model", Array.isArray(base) ? base.join(", ") : base]);
  if (model.transformersInfo?.auto_model) rows.push(["Auto class", model.transformersInfo.auto_model]);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="details-heading" className="model-details sidebar-box">
      <h2 id="details-heading" className="sidebar-label">
        Details
      </h2>
      <dl className="facts compact-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

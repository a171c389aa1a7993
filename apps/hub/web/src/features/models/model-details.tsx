// The model's metadata at a glance: architecture, parameters, GGUF facts, base model, and which providers serve it.
import type { ModelRecord } from "../../lib/api";

function formatCount(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  return value.toLocaleString("en");
}

export function ModelDetails({ model }: { model: ModelRecord }) {
  const rows: Array<[string, string]> = [];
  const config = model.config;
  if (config?.architectures?.length) rows.push(["Architecture", config.architectures.join(", ")]);
  if (config?.model_type) rows.push(["Model type", config.model_type]);
  if (model.safetensors?.total) rows.push(["Parameters", formatCount(model.safetensors.total)]);
  if (model.gguf?.total) rows.push(["Parameters (GGUF)", formatCount(model.gguf.total)]);
  if (model.gguf?.architecture) rows.push(["GGUF architecture", model.gguf.architecture]);
  if (model.gguf?.context_length) rows.push(["Context length", model.gguf.context_length.toLocaleString("en")]);
  const base = model.cardData?.base_model;
  if (base) rows.push(["Base model", Array.isArray(base) ? base.join(", ") : base]);
  if (model.transformersInfo?.auto_model) rows.push(["Auto class", model.transformersInfo.auto_model]);
  const mapping = Object.entries(model.inferenceProviderMapping ?? {});
  if (rows.length === 0 && mapping.length === 0) return null;
  return (
    <section aria-labelledby="details-heading" className="model-details">
      <h2 id="details-heading">Details</h2>
      {rows.length > 0 ? (
        <dl className="facts">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {mapping.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted small">Inference providers serving this model</caption>
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Provider model id</th>
                <th scope="col">Task</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {mapping.map(([provider, entry]) => (
                <tr key={provider}>
                  <th scope="row">{provider}</th>
                  <td className="break">
                    <code>{entry.providerId}</code>
                  </td>
                  <td>{entry.task}</td>
                  <td>{entry.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

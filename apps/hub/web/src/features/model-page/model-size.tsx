// "Model size" and "Tensor type", as the hub's sidebar shows them: the parameter count from the safetensors headers
// (else the GGUF header) and the tensor types with their share of the parameters.
import type { RepoInfo } from "../repo/repo-data";

/** 8030261248 → "8.03B", 124439808 → "124M", 6000 → "6,000". */
export function formatParameters(value: number): string {
  const scaled = (n: number, unit: string) => `${Number(n.toPrecision(3)).toLocaleString("en")}${unit}`;
  if (value >= 1e12) return scaled(value / 1e12, "T");
  if (value >= 1e9) return scaled(value / 1e9, "B");
  if (value >= 1e6) return scaled(value / 1e6, "M");
  if (value >= 1e4) return scaled(value / 1e3, "k");
  return value.toLocaleString("en");
}

export function ModelSize({ info }: { info: RepoInfo }) {
  const total = info.safetensors?.total ?? info.gguf?.total;
  const types = Object.entries(info.safetensors?.parameters ?? {})
    .filter(([, count]) => typeof count === "number" && count > 0)
    .sort((a, b) => b[1] - a[1]);
  if (!total && types.length === 0) return null;
  const sum = types.reduce((all, [, count]) => all + count, 0);
  return (
    <section className="sidebar-box model-size" aria-label="Model size and tensor types">
      <dl className="size-facts">
        {total ? (
          <div>
            <dt>Model size</dt>
            <dd>
              <strong>{formatParameters(total)}</strong> params
              <span className="muted small"> ({info.safetensors?.total ? "safetensors" : "GGUF"})</span>
            </dd>
          </div>
        ) : null}
        {types.length > 0 ? (
          <div>
            <dt>Tensor type</dt>
            <dd>
              <ul className="tensor-types">
                {types.map(([type, count]) => (
                  <li key={type} title={`${count.toLocaleString("en")} parameters`}>
                    <code>{type}</code>
                    {types.length > 1 ? (
                      <span className="muted small"> {Math.max(1, Math.round((count / sum) * 100))}%</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

// The card's `model-index` front matter (the hub's evaluation results) as rows: task, dataset, metric, value and
// whether the result is verified. The front matter is untrusted: anything not of the documented shape is skipped,
// and the rows are bounded.

export interface EvalRow {
  model: string;
  task: string;
  dataset: string;
  /** The dataset's config and split, when given ("en · test"). */
  datasetDetail: string;
  metric: string;
  value: string;
  verified: boolean;
}

/** Most rows shown (a card may list thousands of results). */
export const MAX_EVAL_ROWS = 500;

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;

function metricValue(value: unknown): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(6))) : undefined;
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  return undefined;
}

export function evalRows(cardData: Record<string, unknown> | undefined): EvalRow[] {
  const rows: EvalRow[] = [];
  for (const entry of list(cardData?.["model-index"])) {
    const model = text(record(entry)?.name) ?? "";
    for (const result of list(record(entry)?.results)) {
      const fields = record(result);
      const task = record(fields?.task);
      const dataset = record(fields?.dataset);
      const taskName = text(task?.name) ?? text(task?.type) ?? "";
      const datasetName = text(dataset?.name) ?? text(dataset?.type) ?? "";
      const detail = [text(dataset?.config), text(dataset?.split)].filter((part) => part).join(" · ");
      for (const metric of list(fields?.metrics)) {
        const m = record(metric);
        const value = metricValue(m?.value);
        const name = text(m?.name) ?? text(m?.type);
        if (value === undefined || name === undefined) continue;
        rows.push({
          model,
          task: taskName,
          dataset: datasetName,
          datasetDetail: detail,
          metric: name,
          value,
          verified: m?.verified === true,
        });
        if (rows.length >= MAX_EVAL_ROWS) return rows;
      }
    }
  }
  return rows;
}

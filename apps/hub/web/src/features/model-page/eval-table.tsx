// "Evaluation results": the card's model-index as a table (task, dataset, metric, value, verified). It scrolls
// inside its own box on a narrow screen.
import type { RepoInfo } from "../repo/repo-data";
import { evalRows } from "./eval-results";

export function EvalResults({ info }: { info: RepoInfo }) {
  const rows = evalRows(info.cardData);
  if (rows.length === 0) return null;
  const models = new Set(rows.map((row) => row.model));
  return (
    <section className="eval-results" aria-labelledby="eval-heading">
      <h2 id="eval-heading">Evaluation results</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className="table-scroll" tabIndex={0} aria-label="Evaluation results table">
        <table className="data-table">
          <thead>
            <tr>
              {models.size > 1 ? <th scope="col">Model</th> : null}
              <th scope="col">Task</th>
              <th scope="col">Dataset</th>
              <th scope="col">Metric</th>
              <th scope="col">Value</th>
              <th scope="col">Verified</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one card, in its order
              <tr key={index}>
                {models.size > 1 ? <td>{row.model}</td> : null}
                <td>{row.task}</td>
                <td>
                  {row.dataset}
                  {row.datasetDetail ? <span className="muted small"> ({row.datasetDetail})</span> : null}
                </td>
                <td>{row.metric}</td>
                <td className="numeric">{row.value}</td>
                <td>{row.verified ? "✓ verified" : "self-reported"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

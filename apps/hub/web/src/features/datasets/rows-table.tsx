// The page of rows as a table: each column header with its name, type and statistics chart, each row headed by its
// index in the split, inside its own scrolling box (the page never scrolls sideways; the box is keyboard-reachable).
import { CellValue } from "./cell-value";
import { ColumnStats } from "./column-stats";
import { classNames, mediaKind, typeLabel } from "./feature-types";
import type { ColumnStatisticsEntry, Feature, RowEntry } from "./viewer-api";

export function RowsTable({
  features,
  rows,
  statistics,
  caption,
}: {
  features: readonly Feature[];
  rows: readonly RowEntry[];
  /** Column statistics by column name (none while loading or when the service has none). */
  statistics: ReadonlyMap<string, ColumnStatisticsEntry>;
  caption: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard.
    <section className="table-scroll dataset-scroll" tabIndex={0} aria-label={caption}>
      <table className="data-table dataset-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="dataset-row-index">
              <span className="visually-hidden">Row</span>
              <span aria-hidden="true">#</span>
            </th>
            {features.map((feature) => (
              <th key={feature.name} scope="col">
                <span className="dataset-column">{feature.name}</span>
                <span className="dataset-type">{typeLabel(feature.type)}</span>
                <ColumnStats entry={statistics.get(feature.name)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row_idx}>
              <th scope="row" className="dataset-row-index num">
                {row.row_idx}
              </th>
              {features.map((feature) => {
                const media = mediaKind(feature.type);
                const classes = classNames(feature.type);
                return (
                  <td key={feature.name}>
                    <CellValue
                      value={row.row[feature.name]}
                      label={`${feature.name}, row ${row.row_idx}`}
                      truncated={Array.isArray(row.truncated_cells) && row.truncated_cells.includes(feature.name)}
                      {...(media !== undefined ? { media } : {})}
                      {...(classes !== undefined ? { classes } : {})}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

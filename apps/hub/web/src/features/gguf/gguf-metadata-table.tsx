// A GGUF header's metadata as a key / type / value table: shared by the local-file inspector (features/gguf) and the
// repository's weights viewer (features/repo/file-view), which both read headers with apps/hub/shared/gguf-header.
import { formatValue, type GGUFHeader } from "../../../../shared/gguf-header";

/**
 * `entries` are shown as given (callers bound how many); `valueLimit` cuts each formatted value, for headers read
 * from a repository where one value may be a megabyte-long vocabulary.
 */
export function GgufMetadataTable({
  entries,
  valueLimit,
}: {
  entries: readonly GGUFHeader["metadata"][number][];
  valueLimit?: number;
}) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Type</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.key}>
              <th scope="row" className="break">
                <code>{entry.key}</code>
              </th>
              <td>{entry.type}</td>
              <td className="break">{formatValue(entry.value).slice(0, valueLimit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

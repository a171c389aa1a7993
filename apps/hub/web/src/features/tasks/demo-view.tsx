// Renders a task page's demo: inputs then outputs, each entry one of the six demo kinds.
import type { TaskDemo, TaskDemoEntry } from "@hubkit/tasks";
import { ScoreChart } from "../../components/score-chart";

/** Demo media are copied from @hubkit/tasks into the built site, so they show without the network. */
export function demoAssetUrl(taskId: string, filename: string): string {
  return `/task-assets/${encodeURIComponent(taskId)}/${encodeURIComponent(filename)}`;
}

export function DemoView({ taskId, demo }: { taskId: string; demo: TaskDemo }) {
  return (
    <div className="demo">
      <div className="demo-side">
        <h3>Inputs</h3>
        {demo.inputs.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: demo entries are static data
          <DemoEntry key={index} taskId={taskId} entry={entry} />
        ))}
      </div>
      <div className="demo-arrow" aria-hidden="true">
        →
      </div>
      <div className="demo-side">
        <h3>Outputs</h3>
        {demo.outputs.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: demo entries are static data
          <DemoEntry key={index} taskId={taskId} entry={entry} />
        ))}
      </div>
    </div>
  );
}

function DemoEntry({ taskId, entry }: { taskId: string; entry: TaskDemoEntry }) {
  switch (entry.type) {
    case "text":
      return (
        <figure className="demo-entry">
          <figcaption>{entry.label}</figcaption>
          <p className="demo-text">{entry.content}</p>
        </figure>
      );
    case "img":
      return (
        <figure className="demo-entry">
          <img src={demoAssetUrl(taskId, entry.filename)} alt={`Demo: ${entry.filename}`} className="demo-img" />
        </figure>
      );
    case "audio":
      return (
        <figure className="demo-entry">
          {/* biome-ignore lint/a11y/useMediaCaption: synthetic demo sounds have no speech to caption */}
          <audio controls src={demoAssetUrl(taskId, entry.filename)} preload="none" />
          <figcaption className="muted">{entry.filename}</figcaption>
        </figure>
      );
    case "chart":
      return (
        <figure className="demo-entry">
          <ScoreChart items={entry.data} />
        </figure>
      );
    case "tabular":
      return (
        <figure className="demo-entry table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                {entry.table[0]?.map((cell) => (
                  <th key={cell}>{cell}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entry.table.slice(1).map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: table rows are static data
                <tr key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: table cells are static data
                    <td key={c}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      );
    case "text-with-tokens":
      return (
        <figure className="demo-entry">
          <TokenText text={entry.text} tokens={entry.tokens} />
        </figure>
      );
  }
}

/** Text with labelled spans (e.g. named entities) highlighted; the label follows each span. */
export function TokenText({
  text,
  tokens,
}: {
  text: string;
  tokens: Array<{ start: number; end: number; type: string }>;
}) {
  const parts: React.ReactNode[] = [];
  let cursor = 0;
  const sorted = [...tokens].sort((a, b) => a.start - b.start);
  for (const token of sorted) {
    if (token.start < cursor || token.end > text.length || token.end <= token.start) continue;
    if (token.start > cursor) parts.push(text.slice(cursor, token.start));
    parts.push(
      <mark key={token.start} className={`token-mark token-${tokenHue(token.type)}`}>
        {text.slice(token.start, token.end)}
        <span className="token-type">{token.type}</span>
      </mark>,
    );
    cursor = token.end;
  }
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <p className="demo-text token-text">{parts}</p>;
}

// A stable colour per token type, so the same entity kind always looks the same.
function tokenHue(type: string): number {
  let hash = 0;
  for (const char of type) hash = (hash * 31 + char.charCodeAt(0)) % 6;
  return hash;
}

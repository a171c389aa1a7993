// Horizontal bars for label/score lists (classification outputs and demo charts), highest score first.
export function ScoreChart({
  items,
  max = 8,
}: {
  items: ReadonlyArray<{ label: string; score: number }>;
  max?: number;
}) {
  const sorted = [...items].sort((a, b) => b.score - a.score).slice(0, max);
  return (
    <ul className="score-chart" aria-label="Scores">
      {sorted.map((item) => {
        const percent = Math.max(0, Math.min(1, item.score)) * 100;
        return (
          <li key={item.label}>
            <span className="score-label">{item.label}</span>
            <span className="score-bar" aria-hidden="true">
              <span style={{ width: `${percent}%` }} />
            </span>
            <span className="score-value">{item.score.toFixed(3)}</span>
          </li>
        );
      })}
    </ul>
  );
}

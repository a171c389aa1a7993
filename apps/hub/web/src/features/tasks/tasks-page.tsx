// The task index: every task type grouped by modality, with its colour, its subtasks and a link to its page.
import { MODALITIES, MODALITY_LABELS, PIPELINE_DATA, type PipelineType } from "@hubkit/tasks";
import { Link } from "../../components/link";

const ENTRIES = Object.entries(PIPELINE_DATA) as Array<[PipelineType, (typeof PIPELINE_DATA)[PipelineType]]>;

export default function TasksPage() {
  return (
    <section>
      <h1>Tasks</h1>
      <p className="muted">
        {ENTRIES.length} machine-learning tasks in {MODALITIES.length} modalities. Open a task for a demo, models,
        datasets and metrics.
      </p>
      {MODALITIES.map((modality) => {
        const tasks = ENTRIES.filter(([, data]) => data.modality === modality);
        if (tasks.length === 0) return null;
        return (
          <section key={modality} aria-labelledby={`modality-${modality}`} className="modality">
            <h2 id={`modality-${modality}`}>{MODALITY_LABELS[modality]}</h2>
            <ul className="grid task-grid">
              {tasks.map(([id, data]) => (
                <li key={id} className="card task-card" style={{ borderLeftColor: `var(--c-${data.color})` }}>
                  <Link href={`/tasks/${id}`} className="task-link">
                    <span className="task-dot" style={{ background: `var(--c-${data.color})` }} aria-hidden="true" />
                    {data.name}
                  </Link>
                  {data.subtasks && data.subtasks.length > 0 ? (
                    <details className="subtasks">
                      <summary>
                        {data.subtasks.length} subtask{data.subtasks.length === 1 ? "" : "s"}
                      </summary>
                      <ul>
                        {data.subtasks.map((sub) => (
                          <li key={sub.type}>{sub.name}</li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

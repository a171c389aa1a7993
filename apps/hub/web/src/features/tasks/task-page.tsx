// One task's page: summary, demo, about (the task's prose, lazily loaded), models, datasets, Spaces, metrics, compatible libraries and the video.
import { MODEL_LIBRARIES_UI_ELEMENTS, PIPELINE_DATA, TASKS_DATA, type TaskData } from "@hubkit/tasks";
import { lazy, Suspense, useMemo } from "react";
import { Link } from "../../components/link";
import NotFoundPage from "../../components/not-found-page";
import { Loading } from "../../components/status";
import type { RouteParams } from "../../routes";
import { DemoView } from "./demo-view";
import { ExampleRepoList, exampleRefs, useLocalRepos } from "./example-repos";

const TaskAbout = lazy(() => import("./task-about"));

/** The task's example repositories, each linked here when this hub has it (example-repos.tsx). */
function TaskExamples({ task }: { task: TaskData }) {
  const lists = useMemo(
    () => ({
      models: exampleRefs("model", task.models),
      datasets: exampleRefs("dataset", task.datasets),
      spaces: exampleRefs("space", task.spaces),
      metrics: exampleRefs("space", task.metrics, "evaluate-metric"),
    }),
    [task],
  );
  const local = useLocalRepos([...lists.models, ...lists.datasets, ...lists.spaces, ...lists.metrics]);
  return (
    <div className="two-columns">
      <ExampleRepoList title="Models" items={lists.models} local={local} />
      <ExampleRepoList title="Datasets" items={lists.datasets} local={local} />
      <ExampleRepoList title="Spaces" items={lists.spaces} local={local} />
      <ExampleRepoList title="Metrics" items={lists.metrics} local={local} />
    </div>
  );
}

export default function TaskPage({ params }: { params: RouteParams }) {
  const id = params.taskId ?? "";
  const task = Object.hasOwn(TASKS_DATA, id) ? TASKS_DATA[id as keyof typeof TASKS_DATA] : undefined;
  const pipeline = Object.hasOwn(PIPELINE_DATA, id) ? PIPELINE_DATA[id as keyof typeof PIPELINE_DATA] : undefined;
  if (task === undefined || pipeline === undefined) return <NotFoundPage />;
  const libraries = MODEL_LIBRARIES_UI_ELEMENTS as Record<string, { prettyLabel: string; repoUrl: string }>;
  return (
    <article className="task-page">
      <p className="breadcrumb">
        <Link href="/tasks">Tasks</Link> / {pipeline.modality}
      </p>
      <h1>
        <span className="task-dot large" style={{ background: `var(--c-${pipeline.color})` }} aria-hidden="true" />
        {task.label}
      </h1>
      <p className="lead">{task.summary}</p>
      {task.canonicalId ? (
        <p className="muted">
          This task is a special case of <Link href={`/tasks/${task.canonicalId}`}>{task.canonicalId}</Link>.
        </p>
      ) : null}
      <p>
        <Link href={`/models?pipeline_tag=${encodeURIComponent(id)}`}>Browse {task.label} models →</Link>
      </p>

      <section aria-labelledby="demo-heading">
        <h2 id="demo-heading">Demo</h2>
        <DemoView taskId={id} demo={task.demo} />
      </section>

      {task.youtubeId ? (
        <section aria-labelledby="video-heading">
          <h2 id="video-heading">Video</h2>
          <a href={`https://www.youtube.com/watch?v=${encodeURIComponent(task.youtubeId)}`} rel="noreferrer">
            Watch an introduction to {task.label} (opens YouTube)
          </a>
        </section>
      ) : null}

      <section aria-labelledby="about-heading">
        <h2 id="about-heading">About {task.label}</h2>
        <Suspense fallback={<Loading what="the about page" />}>
          <TaskAbout taskId={id} />
        </Suspense>
      </section>

      <TaskExamples task={task} />

      <section aria-labelledby="libraries-heading">
        <h2 id="libraries-heading">Compatible libraries</h2>
        {task.libraries.length === 0 ? (
          <p className="muted">No library is listed for this task.</p>
        ) : (
          <ul className="chips">
            {task.libraries.map((key) => (
              <li key={key}>
                <Link href={`/libraries?q=${encodeURIComponent(key)}`} className="chip">
                  {libraries[key]?.prettyLabel ?? key}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

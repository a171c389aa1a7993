// One task's page: summary, demo, about (the task's prose, lazily loaded), models, datasets, Spaces, metrics, compatible libraries and the video.
import { type ExampleRepo, MODEL_LIBRARIES_UI_ELEMENTS, PIPELINE_DATA, TASKS_DATA } from "@hubkit/tasks";
import { lazy, Suspense } from "react";
import { Link } from "../../components/link";
import NotFoundPage from "../../components/not-found-page";
import { Loading } from "../../components/status";
import { modelPath } from "../../lib/api";
import type { RouteParams } from "../../routes";
import { DemoView } from "./demo-view";

const TaskAbout = lazy(() => import("./task-about"));

const HUB = "https://huggingface.co";

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

      <div className="two-columns">
        <RepoList title="Models" items={task.models} href={(repo) => modelPath(repo.id)} internal />
        <RepoList title="Datasets" items={task.datasets} href={(repo) => `${HUB}/datasets/${repo.id}`} />
        <RepoList title="Spaces" items={task.spaces} href={(repo) => `${HUB}/spaces/${repo.id}`} />
        <RepoList title="Metrics" items={task.metrics} href={(repo) => `${HUB}/spaces/evaluate-metric/${repo.id}`} />
      </div>

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

function RepoList({
  title,
  items,
  href,
  internal = false,
}: {
  title: string;
  items: ExampleRepo[];
  href: (repo: ExampleRepo) => string;
  internal?: boolean;
}) {
  const headingId = `list-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">None listed.</p>
      ) : (
        <ul className="repo-list">
          {items.map((repo) => (
            <li key={repo.id}>
              {internal ? (
                <Link href={href(repo)}>{repo.id}</Link>
              ) : (
                <a href={href(repo)} rel="noreferrer">
                  {repo.id}
                </a>
              )}
              <span className="muted"> — {repo.description}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

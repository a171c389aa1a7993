// The task's about page (`about.md` of @hubkit/tasks), loaded on demand: this module, the Markdown renderer and the
// text itself are separate chunks, so the task page's first load does not grow with the prose.
import { TASK_ABOUT } from "virtual:hubkit-task-about";
import { MarkdownView } from "../../components/markdown-view";
import { AsyncView } from "../../components/status";
import { useAsync } from "../../lib/use-async";

export default function TaskAbout({ taskId }: { taskId: string }) {
  const load = Object.hasOwn(TASK_ABOUT, taskId) ? TASK_ABOUT[taskId] : undefined;
  const state = useAsync(taskId, async () => (load ? load() : ""));
  return (
    <AsyncView
      state={state}
      what="the about page"
      render={(source) =>
        source.trim() === "" ? (
          <p className="muted">No about page is written for this task yet.</p>
        ) : (
          <MarkdownView source={source} topLevel={3} />
        )
      }
    />
  );
}

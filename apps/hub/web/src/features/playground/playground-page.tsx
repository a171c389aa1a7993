// The inference playground: chat (or run a task) with any model through a provider or a custom endpoint.
import { PIPELINE_DATA } from "@hubkit/tasks";
import { useSearchState } from "../../lib/search-state";
import { TASK_INPUTS } from "./run-task";
import { TryIt } from "./try-it";

const PIPELINES = PIPELINE_DATA as Record<string, { name: string }>;
const TASKS = Object.keys(TASK_INPUTS);

export default function PlaygroundPage() {
  const { params, setParams } = useSearchState();
  const model = params.get("model") ?? "";
  const task = params.get("task") ?? "conversational";
  const provider = params.get("provider") ?? "";
  return (
    <section>
      <h1>Inference playground</h1>
      <p className="muted">
        Chat with a model or run a task through an inference provider (with your own token) or your own
        OpenAI-compatible server, such as llama.cpp (<code>llama-server</code>) or Ollama.
      </p>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label className="grow">
          <span>Model</span>
          <input
            value={model}
            placeholder="e.g. meta-llama/Llama-3.1-8B-Instruct (optional for an endpoint)"
            onChange={(event) => setParams({ model: event.target.value }, { replace: true })}
          />
        </label>
        <label>
          <span>Task</span>
          <select value={task} onChange={(event) => setParams({ task: event.target.value })}>
            <option value="conversational">Chat</option>
            {TASKS.map((value) => (
              <option key={value} value={value}>
                {PIPELINES[value]?.name ?? value}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Provider</span>
          <input
            value={provider}
            placeholder="e.g. together"
            onChange={(event) => setParams({ provider: event.target.value }, { replace: true })}
          />
        </label>
      </form>
      <TryIt
        key={`${task}|${provider}`}
        model={model}
        task={task === "conversational" ? "text-generation" : task}
        conversational={task === "conversational"}
        providers={provider ? [provider] : []}
        preferEndpoint={provider === ""}
      />
    </section>
  );
}

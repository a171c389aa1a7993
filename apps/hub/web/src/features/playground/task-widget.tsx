// The try-it widget for non-chat tasks: one input (text or file), one call, the answer shown as a chart, text,
// image, audio or JSON.
import { useRef, useState } from "react";
import { ScoreChart } from "../../components/score-chart";
import { describeError, type Output, runTask, TASK_INPUTS, type Target } from "./run-task";

export function TaskWidget({
  task,
  target,
  model,
  example,
  disabledReason,
}: {
  task: string;
  target: Target;
  model: string;
  example?: string;
  disabledReason?: string;
}) {
  const kind = TASK_INPUTS[task];
  const [text, setText] = useState(example ?? "");
  const [file, setFile] = useState<File>();
  const [output, setOutput] = useState<Output>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  if (kind === undefined)
    return <p className="muted">There is no try-it widget for {task} yet; use the snippets above.</p>;
  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setBusy(true);
    setError(undefined);
    setOutput(undefined);
    try {
      const input = kind === "file" ? file : text;
      if (input === undefined) throw new Error("Choose a file first.");
      setOutput(await runTask(task, target, model, input, abort.signal));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="task-widget">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        {kind === "text" ? (
          <label className="field">
            <span>Input</span>
            <textarea rows={3} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
        ) : (
          <label className="field">
            <span>Input file</span>
            <input type="file" onChange={(event) => setFile(event.target.files?.[0])} />
          </label>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={busy || disabledReason !== undefined}>
            Compute
          </button>
          {busy ? (
            <button type="button" onClick={() => controller.current?.abort()}>
              Stop
            </button>
          ) : null}
          {disabledReason ? <span className="muted small">{disabledReason}</span> : null}
        </div>
      </form>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {output ? <OutputView output={output} /> : null}
    </div>
  );
}

export function OutputView({ output }: { output: Output }) {
  switch (output.kind) {
    case "chart":
      return <ScoreChart items={output.items} />;
    case "text":
      return <p className="output-text">{output.text}</p>;
    case "image":
      return <img className="output-image" src={output.url} alt="Generated" />;
    case "audio":
      // biome-ignore lint/a11y/useMediaCaption: generated audio has no caption track
      return <audio controls src={output.url} />;
    case "json":
      return <pre className="output-json">{JSON.stringify(output.value, null, 2)?.slice(0, 20_000)}</pre>;
  }
}

// Chat-template playground: pick a model with a chat template (or paste one), edit messages, tools and
// add_generation_prompt, and see the rendered prompt live; template errors show at their line and column.
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { AsyncView } from "../../components/status";
import { getJson, type ModelRecord, modelApiPath } from "../../lib/api";
import { useSearchState } from "../../lib/search-state";
import { useAsync } from "../../lib/use-async";
import { DEFAULT_MESSAGES, DEFAULT_TOOLS, offsetOf, type RenderResult, SAMPLE_TEMPLATE } from "./render-chat-template";
import { useRenderedTemplate } from "./use-rendered-template";

type TokenValue = string | { content?: string } | null | undefined;
const tokenText = (value: TokenValue): string => (typeof value === "string" ? value : (value?.content ?? ""));

export default function ChatTemplatePage() {
  const { params, setParams } = useSearchState();
  const modelId = params.get("model") ?? "";
  const models = useAsync("chat-models", (signal) =>
    getJson<ModelRecord[]>("/api/models?filter=conversational&limit=200", signal).then((r) => r.data.map((m) => m.id)),
  );
  const [template, setTemplate] = useState(SAMPLE_TEMPLATE);
  const [messages, setMessages] = useState(DEFAULT_MESSAGES);
  const [tools, setTools] = useState(DEFAULT_TOOLS);
  const [addGenerationPrompt, setAddGenerationPrompt] = useState(true);
  const [bosToken, setBosToken] = useState("<s>");
  const [eosToken, setEosToken] = useState("</s>");
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    if (modelId === "") return;
    const controller = new AbortController();
    setLoadError(undefined);
    getJson<ModelRecord>(modelApiPath(modelId), controller.signal).then(
      ({ data }) => {
        const config = data.config?.tokenizer_config;
        const source = config?.chat_template;
        const text =
          typeof source === "string"
            ? source
            : (source?.find((t) => t.name === "default")?.template ?? source?.[0]?.template);
        if (!text) {
          setLoadError(`${modelId} has no chat template.`);
          return;
        }
        setTemplate(text);
        setBosToken(tokenText(config?.bos_token as TokenValue));
        setEosToken(tokenText(config?.eos_token as TokenValue));
      },
      (error: Error) => {
        if (!controller.signal.aborted) setLoadError(error.message);
      },
    );
    return () => controller.abort();
  }, [modelId]);

  // Rendered in a Web Worker with a deadline, debounced: a hostile template cannot freeze the page.
  const { result, rendering } = useRenderedTemplate({
    template,
    messagesJson: messages,
    toolsJson: tools,
    addGenerationPrompt,
    bosToken,
    eosToken,
  });
  const templateRef = useRef<HTMLTextAreaElement>(null);
  const goToError = () => {
    if (result.ok || result.line === undefined || templateRef.current === null) return;
    const offset = offsetOf(template, result.line, result.column ?? 1);
    templateRef.current.focus();
    templateRef.current.setSelectionRange(offset, offset + 1);
  };
  const on = (set: (value: string) => void) => (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) =>
    set(event.target.value);

  return (
    <section>
      <h1>Chat-template playground</h1>
      <p className="muted">
        Rendered with @hubkit/jinja, which matches Python Jinja2 (trim_blocks and lstrip_blocks on, as tokenizers use).
      </p>
      <div className="filters">
        <div className="grow field-like">
          <span id="template-model-label">Model</span>
          <AsyncView
            state={models}
            what="chat models"
            render={(ids) => (
              <select
                aria-labelledby="template-model-label"
                value={modelId}
                onChange={(event) => setParams({ model: event.target.value })}
              >
                <option value="">Paste or edit a template below</option>
                {ids.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <label>
          <span>bos_token</span>
          <input value={bosToken} onChange={on(setBosToken)} size={10} />
        </label>
        <label>
          <span>eos_token</span>
          <input value={eosToken} onChange={on(setEosToken)} size={10} />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={addGenerationPrompt}
            onChange={(event) => setAddGenerationPrompt(event.target.checked)}
          />
          add_generation_prompt
        </label>
      </div>
      {loadError ? (
        <p className="error" role="alert">
          {loadError}
        </p>
      ) : null}
      <div className="template-grid">
        <label className="field">
          <span>Template</span>
          <textarea
            ref={templateRef}
            className="code-input"
            spellCheck={false}
            rows={16}
            value={template}
            onChange={on(setTemplate)}
            aria-invalid={!result.ok && result.source === "template"}
          />
        </label>
        <div className="stack">
          <label className="field">
            <span>Messages (JSON)</span>
            <textarea className="code-input" spellCheck={false} rows={8} value={messages} onChange={on(setMessages)} />
          </label>
          <label className="field">
            <span>Tools (JSON, optional)</span>
            <textarea
              className="code-input"
              spellCheck={false}
              rows={4}
              value={tools}
              placeholder='[{"type": "function", "function": {"name": "get_weather", "parameters": {}}}]'
              onChange={on(setTools)}
            />
          </label>
        </div>
      </div>
      <p className="muted" aria-live="polite" data-testid="render-status">
        {rendering ? "Rendering…" : ""}
      </p>
      <RenderOutput result={result} onGoToError={goToError} />
    </section>
  );
}

export function RenderOutput({ result, onGoToError }: { result: RenderResult; onGoToError?: () => void }) {
  if (result.ok)
    return (
      <section aria-labelledby="rendered-heading">
        <h2 id="rendered-heading">Rendered prompt</h2>
        <pre className="rendered-prompt" data-testid="rendered-prompt">
          {result.text}
        </pre>
      </section>
    );
  return (
    <section aria-labelledby="rendered-heading" className="render-error" role="alert">
      <h2 id="rendered-heading">Cannot render</h2>
      <p data-testid="template-error">
        {result.line !== undefined ? (
          <strong>
            Line {result.line}, column {result.column}:{" "}
          </strong>
        ) : null}
        {result.message}
      </p>
      {result.excerpt ? <pre className="error-excerpt">{result.excerpt}</pre> : null}
      {result.line !== undefined && onGoToError ? (
        <button type="button" onClick={onGoToError}>
          Go to the error
        </button>
      ) : null}
    </section>
  );
}

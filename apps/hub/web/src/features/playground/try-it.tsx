// The try-it panel: where to send requests (a provider with the user's token, or a custom OpenAI-compatible
// endpoint), then the chat or the task widget. The token never leaves this browser except to the chosen service.
import { useId, useState } from "react";
import { setCredentials, useCredentials } from "../../lib/token-store";
import { ChatWidget } from "./chat";
import type { Target } from "./run-task";
import { TaskWidget } from "./task-widget";

export interface TryItProps {
  model: string;
  task: string | undefined;
  conversational: boolean;
  providers: string[];
  example?: string;
  /** Start with the custom-endpoint mode (the playground does). */
  preferEndpoint?: boolean;
}

export function TryIt({ model, task, conversational, providers, example, preferEndpoint = false }: TryItProps) {
  const credentials = useCredentials();
  const id = useId();
  const [mode, setMode] = useState<"provider" | "endpoint">(
    preferEndpoint || providers.length === 0 ? "endpoint" : "provider",
  );
  const [provider, setProvider] = useState(providers[0] ?? "");
  const target: Target =
    mode === "endpoint"
      ? { kind: "endpoint", url: credentials.endpointUrl, token: credentials.token }
      : { kind: "provider", provider, token: credentials.token };
  let disabledReason: string | undefined;
  if (mode === "endpoint" && !/^https?:\/\/\S+$/.test(credentials.endpointUrl.trim()))
    disabledReason = "Enter the endpoint URL (http:// or https://) first.";
  if (mode === "provider" && providers.length === 0) disabledReason = "No provider serves this model; use an endpoint.";
  if (mode === "provider" && credentials.token.trim() === "") disabledReason = "Enter your access token first.";

  return (
    <div className="try-it">
      <fieldset className="target">
        <legend>Send requests to</legend>
        <label className="check">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === "provider"}
            disabled={providers.length === 0}
            onChange={() => setMode("provider")}
          />
          An inference provider
        </label>
        <label className="check">
          <input type="radio" name={`${id}-mode`} checked={mode === "endpoint"} onChange={() => setMode("endpoint")} />
          {conversational ? "My OpenAI-compatible endpoint" : "My own endpoint (TGI or a dedicated server)"}
        </label>
        {mode === "provider" ? (
          <label className="field">
            <span>Provider</span>
            <select value={provider} onChange={(event) => setProvider(event.target.value)}>
              {providers.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="field">
            <span>Endpoint URL (llama.cpp :8080/v1, Ollama :11434/v1…)</span>
            <input
              type="url"
              value={credentials.endpointUrl}
              placeholder="http://127.0.0.1:8080/v1"
              onChange={(event) => setCredentials({ endpointUrl: event.target.value })}
            />
          </label>
        )}
        <label className="field">
          <span>{mode === "provider" ? "Access token (hf_… or a provider key)" : "API key (optional)"}</span>
          <input
            type="password"
            autoComplete="off"
            value={credentials.token}
            onChange={(event) => setCredentials({ token: event.target.value })}
          />
        </label>
        <label className="check small">
          <input
            type="checkbox"
            checked={credentials.remember}
            onChange={(event) => setCredentials({ remember: event.target.checked })}
          />
          Remember in this tab (sessionStorage). It is never sent to the Hubkit server.
        </label>
      </fieldset>
      {conversational ? (
        <ChatWidget target={target} model={model} disabledReason={disabledReason} />
      ) : task ? (
        <TaskWidget task={task} target={target} model={model} example={example} disabledReason={disabledReason} />
      ) : (
        <p className="muted">This model has no task type, so there is nothing to try.</p>
      )}
    </div>
  );
}

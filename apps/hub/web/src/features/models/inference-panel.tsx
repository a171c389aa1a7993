// The inference-providers panel: choose a language, a client and a provider (and Stream for chat models) and get
// the code to call the model, with its install line. The token is a placeholder unless the user opts in.
import type { InferenceSnippet } from "@hubkit/tasks";
import { useMemo, useState } from "react";
import { CodeBlock } from "../../components/code-block";
import type { ModelRecord } from "../../lib/api";
import type { HighlightLanguage } from "../../lib/highlight";
import { type GetInferenceSnippets, loadSnippetGenerator } from "../../lib/inference-loader";
import { useCredentials } from "../../lib/token-store";
import { useAsync } from "../../lib/use-async";
import {
  clientsOf,
  installLine,
  isConversational,
  LANGUAGE_LABELS,
  languagesOf,
  pickSnippet,
} from "./snippet-selection";

export function InferencePanel({ model }: { model: ModelRecord }) {
  const generator = useAsync("snippet-generator", () => loadSnippetGenerator());
  const providers = Object.entries(model.inferenceProviderMapping ?? {});
  if (providers.length === 0)
    return (
      <p className="muted">
        No inference provider serves this model in this index. You can still call your own OpenAI-compatible endpoint
        below.
      </p>
    );
  if (generator.status === "loading") return <p className="loading">Loading snippets…</p>;
  if (generator.status === "error" || generator.data === undefined)
    return <p className="muted">API snippets are not available in this build of @hubkit/inference.</p>;
  return (
    <SnippetPanel
      model={model}
      generate={generator.data}
      providers={providers.map(([id, entry]) => ({ id, ...entry }))}
    />
  );
}

interface ProviderChoice {
  id: string;
  providerId: string;
  status: string;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <fieldset className="choice-row">
      <legend className="choice-label">{label}</legend>
      <div className="choice-options">{children}</div>
    </fieldset>
  );
}

function Choice({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" className={selected ? "choice selected" : "choice"} aria-pressed={selected} onClick={onClick}>
      {children}
    </button>
  );
}

export function SnippetPanel({
  model,
  generate,
  providers,
}: {
  model: ModelRecord;
  generate: GetInferenceSnippets;
  providers: ProviderChoice[];
}) {
  const credentials = useCredentials();
  const [provider, setProvider] = useState(providers[0]?.id ?? "hf-inference");
  const [language, setLanguage] = useState<string>("python");
  const [client, setClient] = useState<string>();
  const [stream, setStream] = useState(false);
  const [insertToken, setInsertToken] = useState(false);
  const chat = isConversational(model);
  const providerEntry = providers.find((entry) => entry.id === provider) ?? providers[0];
  const token = insertToken ? credentials.token : "";
  const snippets = useMemo<InferenceSnippet[] | Error>(() => {
    try {
      return generate(
        model,
        token,
        providerEntry.id,
        providerEntry.providerId,
        chat && stream ? { streaming: true } : {},
      );
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [generate, model, token, providerEntry, chat, stream]);
  if (snippets instanceof Error) return <p className="error">Cannot build snippets: {snippets.message}</p>;
  const shown = pickSnippet(snippets, { language, client });
  const languages = languagesOf(snippets);
  const clients = shown ? clientsOf(snippets, shown.language) : [];
  const install = shown ? installLine(shown.language, shown.client) : undefined;
  return (
    <div className="snippet-panel">
      <Row label="Language">
        {languages.map((value) => (
          <Choice key={value} selected={shown?.language === value} onClick={() => setLanguage(value)}>
            {LANGUAGE_LABELS[value] ?? value}
          </Choice>
        ))}
      </Row>
      <Row label="Client">
        {clients.map((value) => (
          <Choice key={value} selected={shown?.client === value} onClick={() => setClient(value)}>
            {value}
          </Choice>
        ))}
      </Row>
      <Row label="Provider">
        {providers.map((entry) => (
          <Choice key={entry.id} selected={providerEntry.id === entry.id} onClick={() => setProvider(entry.id)}>
            {entry.id}
            {entry.status === "staging" ? <span className="badge">staging</span> : null}
          </Choice>
        ))}
      </Row>
      <div className="panel-options">
        {chat ? (
          <label className="check">
            <input type="checkbox" checked={stream} onChange={(event) => setStream(event.target.checked)} />
            Stream
          </label>
        ) : null}
        <label className="check">
          <input
            type="checkbox"
            checked={insertToken}
            disabled={credentials.token === ""}
            onChange={(event) => setInsertToken(event.target.checked)}
          />
          Insert my token {credentials.token === "" ? "(set one in the try-it panel)" : ""}
        </label>
      </div>
      {shown === undefined ? (
        <p className="muted">No snippet for {providerEntry.id} and this task.</p>
      ) : (
        <>
          {install ? <CodeBlock code={install} language="sh" label="Install" /> : null}
          <CodeBlock
            code={shown.content}
            language={shown.language as HighlightLanguage}
            label={`${shown.language} ${shown.client} snippet`}
          />
        </>
      )}
    </div>
  );
}

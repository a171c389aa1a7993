// "Use this model" with local apps: which apps can run the model, their setup and run commands, deep links, and a
// GGUF file (quant) picker that fills the file into the commands. Each command is pointed at this hub, or says that
// the app only reaches the hosted hub (hub-endpoints.ts).
import { LOCAL_APPS, type LocalApp, parseGGUFQuantLabel } from "@hubkit/tasks";
import { useState } from "react";
import { CodeBlock } from "../../components/code-block";
import type { ModelRecord } from "../../lib/api";
import { HOSTED_ONLY, type LocalAppWay, localAppWay, pointLocalAppSnippet } from "./hub-endpoints";
import { defaultGgufFile, ggufFiles, normaliseLocalAppSnippets } from "./local-app-snippets";

const APPS = Object.entries(LOCAL_APPS) as Array<[string, LocalApp]>;

export function LocalApps({
  model,
  file: chosenFile,
  onFileChange,
  hub = window.location.origin,
}: {
  model: ModelRecord;
  /** This hub's origin, which the commands download from. */
  hub?: string;
  /** The GGUF file, when the caller owns the choice (the repository page's GGUF file list feeds it). */
  file?: string;
  onFileChange?: (file: string) => void;
}) {
  const files = ggufFiles(model.siblings);
  const [ownFile, setOwnFile] = useState<string | undefined>(() => defaultGgufFile(files));
  const file = chosenFile ?? ownFile;
  const setFile = onFileChange ?? setOwnFile;
  const apps = APPS.filter(([, app]) => {
    try {
      return app.displayOnModelPage(model);
    } catch {
      return false;
    }
  });
  const [selected, setSelected] = useState(apps[0]?.[0]);
  if (apps.length === 0) return <p className="muted">No local app runs this kind of model.</p>;
  const current = apps.find(([key]) => key === selected) ?? apps[0];
  const [key, app] = current;
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Tab moves on to the panel.
  const onTabKey = (event: React.KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = apps.findIndex(([candidate]) => candidate === key);
    const [nextKey] = apps[(index + step + apps.length) % apps.length];
    setSelected(nextKey);
    document.getElementById(`local-app-tab-${nextKey}`)?.focus();
  };
  return (
    <div className="local-apps">
      {files.length > 0 ? (
        <label className="field">
          <span>GGUF file</span>
          <select value={file} onChange={(event) => setFile(event.target.value)}>
            {files.map((name) => (
              <option key={name} value={name}>
                {name}
                {parseGGUFQuantLabel(name) ? ` (${parseGGUFQuantLabel(name)})` : ""}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="tabs" role="tablist" aria-label="Local apps" onKeyDown={onTabKey}>
        {apps.map(([appKey, candidate]) => (
          <button
            key={appKey}
            type="button"
            role="tab"
            id={`local-app-tab-${appKey}`}
            aria-selected={appKey === key}
            aria-controls="local-app-panel"
            tabIndex={appKey === key ? 0 : -1}
            className={appKey === key ? "tab active" : "tab"}
            onClick={() => setSelected(appKey)}
          >
            {candidate.prettyLabel}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="local-app-panel" aria-labelledby={`local-app-tab-${key}`}>
        <LocalAppPanel model={model} app={app} way={localAppWay(key, app.prettyLabel)} file={file} hub={hub} />
        <p className="small muted">
          <a href={app.docsUrl} rel="noreferrer">
            {app.prettyLabel} documentation
          </a>
          {app.macOSOnly ? " · macOS only" : ""}
        </p>
      </div>
    </div>
  );
}

/** An app's setup and run blocks for `model`, pointed at `hub` (or marked hosted-only). */
export function localAppBlocks(
  model: ModelRecord,
  app: LocalApp,
  way: LocalAppWay,
  file: string | undefined,
  hub: string,
) {
  if ("deeplink" in app) return [];
  return normaliseLocalAppSnippets(app.snippet(model, file), file).map((snippet) =>
    pointLocalAppSnippet(way, snippet, hub),
  );
}

function LocalAppPanel({
  model,
  app,
  way,
  file,
  hub,
}: {
  model: ModelRecord;
  app: LocalApp;
  way: LocalAppWay;
  file: string | undefined;
  hub: string;
}) {
  try {
    if ("deeplink" in app) {
      const url = app.deeplink(model, file);
      return (
        <div>
          <p>
            <a className="button-link" href={url.toString()}>
              Open in {app.prettyLabel}
            </a>{" "}
            <code className="small">{url.toString()}</code>
          </p>
          {way.way === "hosted-only" ? (
            <p className="small muted">
              {HOSTED_ONLY}: {way.why}, not from this hub.
            </p>
          ) : null}
        </div>
      );
    }
    const snippets = localAppBlocks(model, app, way, file, hub);
    return (
      <div>
        {snippets.map((snippet) => (
          <section key={snippet.title} className="snippet-step">
            <h4>{snippet.title}</h4>
            {snippet.setup ? <CodeBlock code={snippet.setup} language="sh" label={`${snippet.title}: setup`} /> : null}
            <CodeBlock code={snippet.content} language="sh" label={`${snippet.title}: run`} />
          </section>
        ))}
      </div>
    );
  } catch (error) {
    return <p className="error">This app cannot run this model: {(error as Error).message}</p>;
  }
}

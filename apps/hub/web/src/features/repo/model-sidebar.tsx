// The model card's sidebar: details and parameters, GGUF files (each feeds the local-apps picker), "Use this
// model" (library snippets, local apps, and the lines that point clients at this hub), inference providers with
// their snippets and a try-it widget, and the models built on this one.
import { getModelInputSnippet } from "@hubkit/tasks";
import { useState } from "react";
import { CodeBlock } from "../../components/code-block";
import { Link } from "../../components/link";
import { InferencePanel } from "../models/inference-panel";
import { LibrarySnippets } from "../models/library-snippets";
import { defaultGgufFile, ggufFiles } from "../models/local-app-snippets";
import { LocalApps } from "../models/local-apps";
import { ModelDetails } from "../models/model-details";
import { isConversational } from "../models/snippet-selection";
import { TryIt } from "../playground/try-it";
import { DerivedModels } from "./derived-models";
import type { RepoInfo } from "./repo-data";
import { formatBytes, repoPagePath } from "./repo-url";

/** A plain-text example input for the try-it widget (the catalogue's example is a source literal). */
function exampleText(model: RepoInfo): string | undefined {
  try {
    const literal = getModelInputSnippet(model, false, true);
    return typeof literal === "string" ? literal : undefined;
  } catch {
    return undefined;
  }
}

function formatCount(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(2)}B`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  return value.toLocaleString("en");
}

/** The self-hosted lines: clients default to huggingface.co, so they are pointed at this hub's origin. */
export function selfHostedSnippets(origin: string, id: string): { python: string; git: string } {
  return {
    python: `# Point the Hugging Face clients at this hub\nimport os\nos.environ["HF_ENDPOINT"] = "${origin}"\n\nfrom huggingface_hub import snapshot_download\nsnapshot_download("${id}")`,
    git: `git clone ${origin}/${id}`,
  };
}

export default function ModelSidebar({ info }: { info: RepoInfo }) {
  const files = ggufFiles(info.siblings);
  const [ggufFile, setGgufFile] = useState(() => defaultGgufFile(files));
  const providers = Object.keys(info.inferenceProviderMapping ?? {});
  const template = info.config?.tokenizer_config?.chat_template;
  const parameters = Object.entries(info.safetensors?.parameters ?? {});
  const self = selfHostedSnippets(window.location.origin, info.id);
  return (
    <aside className="repo-sidebar" aria-label="About this model">
      <ModelDetails model={info} />
      {parameters.length > 0 && info.safetensors ? (
        <section aria-labelledby="params-heading">
          <h2 id="params-heading">Safetensors parameters</h2>
          <p>
            <strong>{formatCount(info.safetensors.total)}</strong> parameters in all
          </p>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Parameters</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map(([dtype, count]) => (
                <tr key={dtype}>
                  <th scope="row">{dtype}</th>
                  <td>{formatCount(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {files.length > 0 ? (
        <section aria-labelledby="gguf-files-heading">
          <h2 id="gguf-files-heading">Quantized weights (GGUF)</h2>
          <ul className="file-pick-list">
            {files.map((name) => {
              const size = info.siblings?.find((file) => file.rfilename === name)?.size;
              return (
                <li key={name}>
                  <button
                    type="button"
                    className={name === ggufFile ? "link-button active" : "link-button"}
                    aria-pressed={name === ggufFile}
                    onClick={() => setGgufFile(name)}
                  >
                    {name}
                  </button>
                  {size !== undefined ? <span className="muted small"> {formatBytes(size)}</span> : null}{" "}
                  <Link
                    className="small"
                    href={repoPagePath({ type: "model", id: info.id }, { kind: "blob", rev: "main", path: name })}
                    aria-label={`Header of ${name}`}
                  >
                    header
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {template ? (
        <p>
          This model has a chat template.{" "}
          <Link href={`/chat-template?model=${encodeURIComponent(info.id)}`}>Render it in the playground →</Link>
        </p>
      ) : null}
      <section aria-labelledby="use-heading">
        <h2 id="use-heading">Use this model</h2>
        <h3>With this hub</h3>
        <CodeBlock code={self.python} language="python" label="Python with HF_ENDPOINT" />
        <CodeBlock code={self.git} language="sh" label="git clone" />
        <LibrarySnippets model={info} />
        <h3>Local apps</h3>
        <LocalApps model={info} file={ggufFile} onFileChange={setGgufFile} />
      </section>
      <section aria-labelledby="providers-heading">
        <h2 id="providers-heading">Inference providers</h2>
        <InferencePanel model={info} />
      </section>
      <section aria-labelledby="try-heading">
        <h2 id="try-heading">Try it</h2>
        <TryIt
          model={info.id}
          task={info.pipeline_tag}
          conversational={isConversational(info)}
          providers={providers}
          example={exampleText(info)}
        />
      </section>
      <DerivedModels id={info.id} />
    </aside>
  );
}

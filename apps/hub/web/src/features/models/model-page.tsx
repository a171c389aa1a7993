// A model's page: metadata, "Use this model" (library snippets and local apps), the inference-providers panel
// and a try-it widget.
import { getModelInputSnippet, PIPELINE_DATA } from "@hubkit/tasks";
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { getJson, type ModelRecord, modelApiPath } from "../../lib/api";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { TryIt } from "../playground/try-it";
import { InferencePanel } from "./inference-panel";
import { LibrarySnippets } from "./library-snippets";
import { LocalApps } from "./local-apps";
import { ModelDetails } from "./model-details";
import { isConversational } from "./snippet-selection";

const PIPELINES = PIPELINE_DATA as Record<string, { name: string; color: string }>;

export default function ModelPage({ params }: { params: RouteParams }) {
  const id = `${params.namespace}/${params.name}`;
  const state = useAsync(id, (signal) => getJson<ModelRecord>(modelApiPath(id), signal).then((r) => r.data));
  return <AsyncView state={state} what={`model ${id}`} render={(model) => <ModelView model={model} />} />;
}

/** A plain-text example input for the try-it widget (the catalogue's example is a source literal). */
function exampleText(model: ModelRecord): string | undefined {
  try {
    const literal = getModelInputSnippet(model, false, true);
    return typeof literal === "string" ? literal : undefined;
  } catch {
    return undefined;
  }
}

function ModelView({ model }: { model: ModelRecord }) {
  const pipeline = model.pipeline_tag ? PIPELINES[model.pipeline_tag] : undefined;
  const providers = Object.keys(model.inferenceProviderMapping ?? {});
  const chat = isConversational(model);
  const template = model.config?.tokenizer_config?.chat_template;
  return (
    <article className="model-page">
      <p className="breadcrumb">
        <Link href="/models">Models</Link> /{" "}
        <Link href={`/models?q=${encodeURIComponent(model.author ?? "")}`}>{model.author}</Link>
      </p>
      <h1 className="model-title">{model.id}</h1>
      <p className="model-facts">
        {pipeline && model.pipeline_tag ? (
          <Link href={`/tasks/${model.pipeline_tag}`} className="chip">
            <span className="task-dot" style={{ background: `var(--c-${pipeline.color})` }} aria-hidden="true" />
            {pipeline.name}
          </Link>
        ) : null}
        {model.library_name ? (
          <Link href={`/models?library=${encodeURIComponent(model.library_name)}`} className="chip">
            {model.library_name}
          </Link>
        ) : null}
        {typeof model.downloads === "number" ? <span>{model.downloads.toLocaleString("en")} downloads</span> : null}
        {typeof model.likes === "number" ? <span>{model.likes.toLocaleString("en")} likes</span> : null}
        <a href={`https://huggingface.co/${model.id}`} rel="noreferrer" className="small">
          Repository on the Hub
        </a>
      </p>
      {model.tags.length > 0 ? (
        <ul className="chips" aria-label="Tags">
          {model.tags.map((tag) => (
            <li key={tag}>
              <Link href={`/models?tag=${encodeURIComponent(tag)}`} className="chip small">
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {template ? (
        <p>
          This model has a chat template.{" "}
          <Link href={`/chat-template?model=${encodeURIComponent(model.id)}`}>Render it in the playground →</Link>
        </p>
      ) : null}

      <ModelDetails model={model} />

      <section aria-labelledby="use-heading">
        <h2 id="use-heading">Use this model</h2>
        <LibrarySnippets model={model} />
        <h3>Local apps</h3>
        <LocalApps model={model} />
      </section>

      <section aria-labelledby="providers-heading">
        <h2 id="providers-heading">Inference providers</h2>
        <InferencePanel model={model} />
      </section>

      <section aria-labelledby="try-heading">
        <h2 id="try-heading">Try it</h2>
        <TryIt
          model={model.id}
          task={model.pipeline_tag}
          conversational={chat}
          providers={providers}
          example={exampleText(model)}
        />
      </section>
    </article>
  );
}

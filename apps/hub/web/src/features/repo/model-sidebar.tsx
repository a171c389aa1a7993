// The model card's sidebar, compact as the hub's: downloads last month with a 30-day graph, "Use this model" (a
// menu that opens one library's or app's snippets in a dialog), model size and tensor types, GGUF files, details,
// the inference providers (one line each), a try-it widget, and the models built on this one.
import { getModelInputSnippet } from "@hubkit/tasks";
import { useState } from "react";
import { Link } from "../../components/link";
import { DownloadsGraph } from "../model-page/downloads-graph";
import { ModelSize } from "../model-page/model-size";
import { ProviderList } from "../model-page/provider-list";
import { UseThisModel } from "../model-page/use-this-model";
import { defaultGgufFile, ggufFiles } from "../models/local-app-snippets";
import { ModelDetails } from "../models/model-details";
import { isConversational } from "../models/snippet-selection";
import { TryIt } from "../playground/try-it";
import { DerivedModels } from "./derived-models";
import type { RepoInfo } from "./repo-data";
import { formatBytes, repoPagePath } from "./repo-url";
import "../model-page/model-page.css";

/** GGUF files listed before "more" (a quantization repository may hold dozens). */
const GGUF_SHOWN = 6;

/** A plain-text example input for the try-it widget (the catalogue's example is a source literal). */
function exampleText(model: RepoInfo): string | undefined {
  try {
    const literal = getModelInputSnippet(model, false, true);
    return typeof literal === "string" ? literal : undefined;
  } catch {
    return undefined;
  }
}

export default function ModelSidebar({ info }: { info: RepoInfo }) {
  const files = ggufFiles(info.siblings);
  const [ggufFile, setGgufFile] = useState(() => defaultGgufFile(files));
  const providers = Object.keys(info.inferenceProviderMapping ?? {});
  const template = info.config?.tokenizer_config?.chat_template;
  return (
    <aside className="repo-sidebar model-sidebar" aria-label="About this model">
      <DownloadsGraph id={info.id} downloads={info.downloads} />
      <section className="sidebar-box use-model">
        <UseThisModel info={info} ggufFile={ggufFile} onGgufFileChange={setGgufFile} />
        {template ? (
          <p className="small">
            Chat template: <Link href={`/chat-template?model=${encodeURIComponent(info.id)}`}>render it →</Link>
          </p>
        ) : null}
      </section>
      <ModelSize info={info} />
      {files.length > 0 ? <GgufFiles info={info} files={files} chosen={ggufFile} onChoose={setGgufFile} /> : null}
      <ModelDetails model={info} />
      <section className="sidebar-box" aria-labelledby="providers-heading">
        <h2 id="providers-heading" className="sidebar-label">
          Inference providers
        </h2>
        <ProviderList info={info} />
      </section>
      <TryItBox info={info} providers={providers} />
      <DerivedModels id={info.id} />
    </aside>
  );
}

/** The try-it widget, folded until asked for (it is the sidebar's tallest part). */
function TryItBox({ info, providers }: { info: RepoInfo; providers: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="sidebar-box try-it-box" aria-labelledby="try-heading">
      <h2 id="try-heading" className="sidebar-label">
        Try it
      </h2>
      <button type="button" aria-expanded={open} aria-controls="try-it-widget" onClick={() => setOpen(!open)}>
        {open ? "Hide the widget" : "Send a request to this model"}
      </button>
      <div id="try-it-widget" hidden={!open}>
        {open ? (
          <TryIt
            model={info.id}
            task={info.pipeline_tag}
            conversational={isConversational(info)}
            providers={providers}
            example={exampleText(info)}
          />
        ) : null}
      </div>
    </section>
  );
}

function GgufFiles({
  info,
  files,
  chosen,
  onChoose,
}: {
  info: RepoInfo;
  files: string[];
  chosen: string | undefined;
  onChoose: (file: string) => void;
}) {
  const item = (name: string) => {
    const size = info.siblings?.find((file) => file.rfilename === name)?.size;
    return (
      <li key={name}>
        <button
          type="button"
          className={name === chosen ? "link-button active" : "link-button"}
          aria-pressed={name === chosen}
          onClick={() => onChoose(name)}
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
  };
  return (
    <section className="sidebar-box" aria-labelledby="gguf-files-heading">
      <h2 id="gguf-files-heading" className="sidebar-label">
        Quantized weights (GGUF)
      </h2>
      <ul className="file-pick-list">{files.slice(0, GGUF_SHOWN).map(item)}</ul>
      {files.length > GGUF_SHOWN ? (
        <details>
          <summary className="small">{files.length - GGUF_SHOWN} more files</summary>
          <ul className="file-pick-list">{files.slice(GGUF_SHOWN).map(item)}</ul>
        </details>
      ) : null}
    </section>
  );
}

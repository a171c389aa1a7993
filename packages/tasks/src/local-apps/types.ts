// Shapes of the local-app catalogue (catalogue.md §9; `links` and `{{QUANT_TAG}}` from the newest catalogue).
import type { ModelData } from "../model-data.js";
import type { PipelineType } from "../pipelines.js";

/** One way to run a model: a title, optional setup commands, then the command(s) to run. */
export interface LocalAppSnippet {
  title: string;
  setup?: string;
  content: string | string[];
}

export type LocalAppSnippetOutput = string | string[] | LocalAppSnippet | LocalAppSnippet[];

interface LocalAppBase {
  prettyLabel: string;
  docsUrl: string;
  /** The task the app is mainly for; the site groups apps by it. */
  mainTask: PipelineType;
  macOSOnly?: boolean;
  comingSoon?: boolean;
  /** Whether the app is offered on this model's page. */
  displayOnModelPage: (model: ModelData) => boolean;
  /** Up to two more links shown beside the app (install guide, project page…), or a function of the model. */
  links?: LocalAppLink[] | ((model: ModelData) => LocalAppLink[]);
}

/** An extra link of a local app. */
export interface LocalAppLink {
  label: string;
  url: string;
}

/** An app opened through a link (custom scheme or web page). `filepath` is the GGUF file the user picked. */
export interface DeeplinkLocalApp extends LocalAppBase {
  deeplink: (model: ModelData, filepath?: string) => URL;
}

/**
 * An app used through shell commands. Snippets may contain `{{GGUF_FILE}}` (the chosen file) and `{{QUANT_TAG}}`
 * (the quant label of the chosen file, after a `:` that the snippet already has; it replaces 0.18's
 * `{{OLLAMA_TAG}}`), which the site fills in when no file, or a file without a quant label, was passed.
 */
export interface SnippetLocalApp extends LocalAppBase {
  snippet: (model: ModelData, filepath?: string) => LocalAppSnippetOutput;
}

export type LocalApp = DeeplinkLocalApp | SnippetLocalApp;

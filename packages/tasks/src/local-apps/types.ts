// Shapes of the local-app catalogue (catalogue.md §9).
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
}

/** An app opened through a link (custom scheme or web page). `filepath` is the GGUF file the user picked. */
export interface DeeplinkLocalApp extends LocalAppBase {
  deeplink: (model: ModelData, filepath?: string) => URL;
}

/**
 * An app used through shell commands. Snippets may contain `{{GGUF_FILE}}` (the chosen file) and `{{OLLAMA_TAG}}`
 * (`:<QUANT>` of the chosen file), which the site replaces.
 */
export interface SnippetLocalApp extends LocalAppBase {
  snippet: (model: ModelData, filepath?: string) => LocalAppSnippetOutput;
}

export type LocalApp = DeeplinkLocalApp | SnippetLocalApp;

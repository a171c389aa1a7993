// Widget examples carried by a model card (`widgetData`), catalogue.md §7.2.

export interface WidgetExampleBase<TOutput = unknown> {
  example_title?: string;
  group?: string;
  parameters?: Record<string, unknown>;
  output?: TOutput;
}

export interface WidgetExampleChatMessage {
  role: string;
  content: string;
}

export interface WidgetExampleTextInput<TOutput = unknown> extends WidgetExampleBase<TOutput> {
  text: string;
}
export interface WidgetExampleTextAndContextInput<TOutput = unknown> extends WidgetExampleTextInput<TOutput> {
  context: string;
}
export interface WidgetExampleTextAndTableInput<TOutput = unknown> extends WidgetExampleTextInput<TOutput> {
  table: Record<string, Array<string | number>>;
}
export interface WidgetExampleChatInput<TOutput = unknown> extends WidgetExampleBase<TOutput> {
  messages: WidgetExampleChatMessage[];
}
export interface WidgetExampleAssetInput<TOutput = unknown> extends WidgetExampleBase<TOutput> {
  src: string;
}
export interface WidgetExampleAssetAndPromptInput<TOutput = unknown> extends WidgetExampleAssetInput<TOutput> {
  prompt: string;
}
export interface WidgetExampleAssetAndTextInput<TOutput = unknown> extends WidgetExampleAssetInput<TOutput> {
  text: string;
}
export interface WidgetExampleAssetAndZeroShotInput<TOutput = unknown> extends WidgetExampleAssetInput<TOutput> {
  candidate_labels: string;
}
export interface WidgetExampleStructuredDataInput<TOutput = unknown> extends WidgetExampleBase<TOutput> {
  structured_data: Record<string, Array<string | number>>;
}
export interface WidgetExampleTableDataInput<TOutput = unknown> extends WidgetExampleBase<TOutput> {
  table: Record<string, Array<string | number>>;
}
export interface WidgetExampleZeroShotTextInput<TOutput = unknown> extends WidgetExampleTextInput<TOutput> {
  candidate_labels: string;
  multi_class: boolean;
}
export interface WidgetExampleSentenceSimilarityInput<TOutput = unknown> extends WidgetExampleBase<TOutput> {
  source_sentence: string;
  sentences: string[];
}

export type WidgetExample<TOutput = unknown> =
  | WidgetExampleChatInput<TOutput>
  | WidgetExampleTextInput<TOutput>
  | WidgetExampleTextAndContextInput<TOutput>
  | WidgetExampleTextAndTableInput<TOutput>
  | WidgetExampleAssetInput<TOutput>
  | WidgetExampleAssetAndPromptInput<TOutput>
  | WidgetExampleAssetAndTextInput<TOutput>
  | WidgetExampleAssetAndZeroShotInput<TOutput>
  | WidgetExampleStructuredDataInput<TOutput>
  | WidgetExampleTableDataInput<TOutput>
  | WidgetExampleZeroShotTextInput<TOutput>
  | WidgetExampleSentenceSimilarityInput<TOutput>;

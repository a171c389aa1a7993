// Chat completion (OpenAI-compatible) request and response types, as sent to and returned by inference providers.
// Object types accept extra properties: providers add their own fields.

export interface ChatCompletionInputURL {
  url: string;
  [property: string]: unknown;
}

export type ChatCompletionInputMessageChunkType = "text" | "image_url";

export interface ChatCompletionInputMessageChunk {
  type: ChatCompletionInputMessageChunkType;
  text?: string;
  image_url?: ChatCompletionInputURL;
  [property: string]: unknown;
}

export type ChatCompletionInputMessageContent = ChatCompletionInputMessageChunk[] | string;

export interface ChatCompletionInputFunctionDefinition {
  name: string;
  description?: string;
  arguments?: unknown;
  parameters?: unknown;
  [property: string]: unknown;
}

export interface ChatCompletionInputToolCall {
  id: string;
  type: string;
  function: ChatCompletionInputFunctionDefinition;
  [property: string]: unknown;
}

export interface ChatCompletionInputMessage {
  role: string;
  content?: ChatCompletionInputMessageContent;
  name?: string;
  tool_call_id?: string;
  tool_calls?: ChatCompletionInputToolCall[];
  [property: string]: unknown;
}

export interface ChatCompletionInputGrammarType {
  type: "json" | "regex" | "json_schema";
  value?: unknown;
  [property: string]: unknown;
}

export interface ChatCompletionInputStreamOptions {
  include_usage?: boolean;
  [property: string]: unknown;
}

export interface ChatCompletionInputTool {
  type: string;
  function: ChatCompletionInputFunctionDefinition;
  [property: string]: unknown;
}

export type ChatCompletionInputToolChoiceEnum = "auto" | "none" | "required";

export interface ChatCompletionInputToolChoiceObject {
  function: { name: string; [property: string]: unknown };
  [property: string]: unknown;
}

export type ChatCompletionInputToolChoice = ChatCompletionInputToolChoiceEnum | ChatCompletionInputToolChoiceObject;

/** Chat completion input: the messages plus OpenAI-style sampling options. */
export interface ChatCompletionInput {
  messages: ChatCompletionInputMessage[];
  model?: string;
  frequency_penalty?: number;
  logit_bias?: number[] | Record<string, number>;
  logprobs?: boolean;
  max_tokens?: number;
  n?: number;
  presence_penalty?: number;
  response_format?: ChatCompletionInputGrammarType;
  seed?: number;
  stop?: string[];
  stream?: boolean;
  stream_options?: ChatCompletionInputStreamOptions;
  temperature?: number;
  tool_choice?: ChatCompletionInputToolChoice;
  tool_prompt?: string;
  tools?: ChatCompletionInputTool[];
  top_logprobs?: number;
  top_p?: number;
  [property: string]: unknown;
}

export interface ChatCompletionOutputTopLogprob {
  logprob: number;
  token: string;
  [property: string]: unknown;
}

export interface ChatCompletionOutputLogprob {
  logprob: number;
  token: string;
  top_logprobs: ChatCompletionOutputTopLogprob[];
  [property: string]: unknown;
}

export interface ChatCompletionOutputLogprobs {
  content: ChatCompletionOutputLogprob[];
  [property: string]: unknown;
}

export interface ChatCompletionOutputFunctionDefinition {
  name: string;
  arguments: unknown;
  description?: string;
  [property: string]: unknown;
}

export interface ChatCompletionOutputToolCall {
  id: string;
  type: string;
  function: ChatCompletionOutputFunctionDefinition;
  [property: string]: unknown;
}

export interface ChatCompletionOutputMessage {
  role: string;
  content?: string;
  tool_call_id?: string;
  tool_calls?: ChatCompletionOutputToolCall[];
  [property: string]: unknown;
}

export interface ChatCompletionOutputComplete {
  finish_reason: string;
  index: number;
  message: ChatCompletionOutputMessage;
  logprobs?: ChatCompletionOutputLogprobs;
  [property: string]: unknown;
}

export interface ChatCompletionOutputUsage {
  completion_tokens: number;
  prompt_tokens: number;
  total_tokens: number;
  [property: string]: unknown;
}

/** Chat completion output (non-streamed). */
export interface ChatCompletionOutput {
  choices: ChatCompletionOutputComplete[];
  created: number;
  id: string;
  model: string;
  system_fingerprint?: string;
  usage: ChatCompletionOutputUsage;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputTopLogprob {
  logprob: number;
  token: string;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputLogprob {
  logprob: number;
  token: string;
  top_logprobs: ChatCompletionStreamOutputTopLogprob[];
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputLogprobs {
  content: ChatCompletionStreamOutputLogprob[];
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputDeltaToolCall {
  function: { arguments: string; name?: string; [property: string]: unknown };
  id: string;
  index: number;
  type: string;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputDelta {
  role: string;
  content?: string;
  tool_call_id?: string;
  tool_calls?: ChatCompletionStreamOutputDeltaToolCall[];
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputChoice {
  delta: ChatCompletionStreamOutputDelta;
  finish_reason?: string;
  index: number;
  logprobs?: ChatCompletionStreamOutputLogprobs;
  [property: string]: unknown;
}

export interface ChatCompletionStreamOutputUsage {
  completion_tokens: number;
  prompt_tokens: number;
  total_tokens: number;
  [property: string]: unknown;
}

/** One server-sent event of a streamed chat completion. */
export interface ChatCompletionStreamOutput {
  choices: ChatCompletionStreamOutputChoice[];
  created: number;
  id: string;
  model: string;
  system_fingerprint?: string;
  usage?: ChatCompletionStreamOutputUsage;
  [property: string]: unknown;
}

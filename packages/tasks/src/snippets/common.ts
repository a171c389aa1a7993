// Helpers that write chat messages and generation options into snippet code (catalogue.md §7.1).
import type { ChatCompletionInputMessage } from "../inference-types/chat-completion.js";

export interface StringifyMessagesOptions {
  /** Inserted after every line break, so the block lines up with the code around it. */
  indent?: string;
  /** Keep the double quotes around object keys (Python dicts, JSON); without it keys are bare (JS/TS). */
  attributeKeyQuotes?: boolean;
  /** Applied last, to the whole text (e.g. escape `'` for a single-quoted shell word). */
  customContentEscaper?: (text: string) => string;
}

/**
 * Chat messages as a source literal: `JSON.stringify(messages, null, "\t")`, indented, keys optionally unquoted.
 * Only keys are unquoted: the match is anchored at the start of a line (where JSON.stringify puts every key) and
 * limited to identifier-like names, so message text that happens to contain `"x":` is never altered.
 */
export function stringifyMessages(messages: ChatCompletionInputMessage[], opts: StringifyMessagesOptions = {}): string {
  if (!Array.isArray(messages)) throw new TypeError("stringifyMessages: messages must be an array");
  let text = JSON.stringify(messages, null, "\t");
  if (opts.indent) text = text.replace(/\n/g, `\n${opts.indent}`);
  if (!opts.attributeKeyQuotes) text = text.replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, "$1$2:");
  if (opts.customContentEscaper) text = opts.customContentEscaper(text);
  return text;
}

export interface StringifyGenerationConfigOptions {
  /** Joins the entries (e.g. "\n\t"). */
  indent: string;
  /** Between key and value (e.g. "=" for Python keyword arguments, ": " for objects). */
  attributeValueConnector: string;
  attributeKeyQuotes?: boolean;
}

/** Generation options as `<key><connector><value>,` entries joined with `indent`. */
export function stringifyGenerationConfig(
  config: Record<string, unknown>,
  opts: StringifyGenerationConfigOptions,
): string {
  if (config === null || typeof config !== "object") {
    throw new TypeError("stringifyGenerationConfig: config must be an object");
  }
  const quote = opts.attributeKeyQuotes ? `"` : "";
  return Object.entries(config)
    .map(([key, value]) => `${quote}${key}${quote}${opts.attributeValueConnector}${value},`)
    .join(opts.indent);
}

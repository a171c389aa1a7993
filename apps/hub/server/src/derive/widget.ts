// The card's `widget:` list → `widgetData` (hub-api.md §2.2; the snippet generators of @hubkit/tasks read its
// first entry: `text`, `source_sentence`/`sentences`, `messages`, `src`…). The list is user input from YAML: only the
// keys of a widget example (packages/tasks widget-example.ts) are kept, each with the type a consumer expects, and
// the list, strings and tables are bounded so that one card cannot make every model response huge.
import type { WidgetExample } from "@hubkit/tasks";
import { isObject, type JsonObject } from "./config.js";

/** Examples kept from one card (the hub's pages show a handful). */
export const MAX_WIDGET_EXAMPLES = 20;
const MAX_STRING = 10_000;
const MAX_LIST = 100;

const STRING_KEYS = [
  "text",
  "context",
  "src",
  "prompt",
  "candidate_labels",
  "source_sentence",
  "example_title",
  "group",
] as const;
/** Keys that make an entry an example; an entry with none of them (only a title, say) is dropped. */
const INPUT_KEYS = [
  "text",
  "src",
  "source_sentence",
  "messages",
  "structured_data",
  "table",
  "context",
  "prompt",
] as const;

function boundedString(value: unknown): string | undefined {
  // YAML reads `text: 42` or `text: yes` as a number/boolean; the widget shows what was written.
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return typeof value === "string" && value.length <= MAX_STRING ? value : undefined;
}

/** `{column: [cells…]}` with string or number cells, as table and structured-data widgets take. */
function table(value: unknown): Record<string, Array<string | number>> | undefined {
  if (!isObject(value)) return undefined;
  const columns = Object.entries(value);
  if (columns.length === 0 || columns.length > MAX_LIST) return undefined;
  const out: Record<string, Array<string | number>> = {};
  for (const [name, cells] of columns) {
    if (!Array.isArray(cells) || cells.length > MAX_LIST) return undefined;
    const kept = cells.filter(
      (cell): cell is string | number =>
        (typeof cell === "string" && cell.length <= MAX_STRING) || (typeof cell === "number" && Number.isFinite(cell)),
    );
    if (kept.length !== cells.length) return undefined;
    out[name] = kept;
  }
  return out;
}

function messages(value: unknown): Array<{ role: string; content: string }> | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LIST) return undefined;
  const out: Array<{ role: string; content: string }> = [];
  for (const message of value) {
    if (!isObject(message)) return undefined;
    const role = boundedString(message.role);
    const content = boundedString(message.content);
    if (role === undefined || content === undefined) return undefined;
    out.push({ role, content });
  }
  return out;
}

function example(entry: unknown): JsonObject | undefined {
  // `widget: ["Hello"]` is shorthand some cards use for text inputs.
  if (typeof entry === "string") return entry.length <= MAX_STRING ? { text: entry } : undefined;
  if (!isObject(entry)) return undefined;
  const out: JsonObject = {};
  for (const key of STRING_KEYS) {
    const value = boundedString(entry[key]);
    if (value !== undefined) out[key] = value;
  }
  if (Array.isArray(entry.sentences) && entry.sentences.length <= MAX_LIST) {
    const sentences = entry.sentences.map(boundedString).filter((s): s is string => s !== undefined);
    if (sentences.length > 0) out.sentences = sentences;
  }
  const chat = messages(entry.messages);
  if (chat !== undefined) out.messages = chat;
  for (const key of ["table", "structured_data"] as const) {
    const cells = table(entry[key]);
    if (cells !== undefined) out[key] = cells;
  }
  if (typeof entry.multi_class === "boolean") out.multi_class = entry.multi_class;
  // Parameters and expected outputs are free-form JSON the card author wrote (already bounded by the card parser).
  if (isObject(entry.parameters)) out.parameters = entry.parameters;
  if (entry.output !== undefined && entry.output !== null) out.output = entry.output;
  return INPUT_KEYS.some((key) => out[key] !== undefined) ? out : undefined;
}

/** `widgetData` from the card's `widget` value, or undefined when the card has no usable example. */
export function widgetDataOf(cardData: JsonObject | undefined): WidgetExample[] | undefined {
  const widget = cardData?.widget;
  const entries = Array.isArray(widget) ? widget : isObject(widget) ? [widget] : [];
  const examples: JsonObject[] = [];
  for (const entry of entries) {
    if (examples.length >= MAX_WIDGET_EXAMPLES) break;
    const kept = example(entry);
    if (kept !== undefined) examples.push(kept);
  }
  // Each kept entry has an input key with the type its widget example interface declares.
  return examples.length > 0 ? (examples as unknown as WidgetExample[]) : undefined;
}

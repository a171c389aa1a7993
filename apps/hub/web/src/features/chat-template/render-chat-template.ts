// Renders a chat template the way chat-model tokenizers do (trim_blocks and lstrip_blocks on), with @hubkit/jinja.
// Every failure comes back as data: which input is wrong, the message, and the line and column when known.
import { Template, TemplateError, type TemplateOptions } from "@hubkit/jinja";

/**
 * The engine's own bounds for a playground render: a step budget and (where @hubkit/jinja supports it) a
 * wall-clock deadline, so most hostile templates end in a clean "limit" error. The worker's hard deadline
 * (worker-renderer.ts) covers whatever these miss.
 */
export const RENDER_LIMITS: TemplateOptions & { timeoutMs?: number } = { maxSteps: 2_000_000, timeoutMs: 1_000 };

export interface ChatTemplateInputs {
  template: string;
  messagesJson: string;
  toolsJson: string;
  addGenerationPrompt: boolean;
  bosToken: string;
  eosToken: string;
}

export type RenderResult =
  | { ok: true; text: string }
  | {
      ok: false;
      /** Which editor the problem is in. */
      source: "template" | "messages" | "tools";
      message: string;
      line?: number;
      column?: number;
      excerpt?: string;
    };

function parseJsonField(text: string, source: "messages" | "tools"): { value: unknown } | RenderResult {
  if (source === "tools" && text.trim() === "") return { value: undefined };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, source, message: `${source} is not valid JSON: ${(error as Error).message}` };
  }
}

export function renderChatTemplate(
  inputs: ChatTemplateInputs,
  limits: TemplateOptions & { timeoutMs?: number } = RENDER_LIMITS,
): RenderResult {
  const messages = parseJsonField(inputs.messagesJson, "messages");
  if ("ok" in messages) return messages;
  if (!Array.isArray(messages.value))
    return { ok: false, source: "messages", message: "messages must be a JSON array of {role, content} objects" };
  const tools = parseJsonField(inputs.toolsJson, "tools");
  if ("ok" in tools) return tools;
  if (tools.value !== undefined && !Array.isArray(tools.value))
    return { ok: false, source: "tools", message: "tools must be a JSON array (or empty)" };
  try {
    const template = new Template(inputs.template, { ...limits, trimBlocks: true, lstripBlocks: true });
    const text = template.render({
      messages: messages.value,
      ...(tools.value !== undefined ? { tools: tools.value } : {}),
      add_generation_prompt: inputs.addGenerationPrompt,
      bos_token: inputs.bosToken,
      eos_token: inputs.eosToken,
    });
    return { ok: true, text };
  } catch (error) {
    if (error instanceof TemplateError)
      return {
        ok: false,
        source: "template",
        message: `${error.kind} error: ${error.description}`,
        line: error.line,
        column: error.column,
        excerpt: error.excerpt,
      };
    return { ok: false, source: "template", message: (error as Error).message ?? String(error) };
  }
}

/** Character offset of (line, column), both 1-based, in `text`; used to put the caret at an error. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + Math.max(0, column - 1));
}

export const DEFAULT_MESSAGES = JSON.stringify(
  [
    { role: "system", content: "You are a helpful assistant." },
    { role: "user", content: "What is the capital of France?" },
    { role: "assistant", content: "Paris." },
    { role: "user", content: "And of Italy?" },
  ],
  null,
  2,
);

export const DEFAULT_TOOLS = "";

export const SAMPLE_TEMPLATE = `{{ bos_token }}
{%- for message in messages %}
<|{{ message.role }}|>
{{ message.content | trim }}{{ eos_token }}
{%- endfor %}
{%- if add_generation_prompt %}
<|assistant|>
{%- endif %}
`;

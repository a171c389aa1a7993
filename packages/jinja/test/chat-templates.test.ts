// Real chat templates (test/data/chat-templates.json, 53 templates with their conversations), the large synthetic
// conversations of test/data/chat-bench-cases.json and the conversation variants of
// test/data/conversation-variants.json, rendered by Python Jinja2 and by @hubkit/jinja: the outputs must be
// identical byte for byte, or both engines must raise (jinja.md §13.3-4; raise_exception with the same message).
import { readFileSync } from "node:fs";
import { test } from "vitest";
import { describeWithOracle, expectSameAsOracle, renderOurs } from "./oracle/compare.js";
import { type OracleCase, runOracle } from "./oracle/oracle.js";

interface ChatTemplateEntry {
  chat_template: string;
  data: Record<string, unknown>;
}

function loadEntries(file: string): [string, ChatTemplateEntry][] {
  const text = readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8");
  return Object.entries(JSON.parse(text) as Record<string, ChatTemplateEntry>);
}

// Both engines parse the very same context text, so the comparison is exact even though JSON.parse feeds it.
function withGenerationPrompt(data: Record<string, unknown>, addGenerationPrompt: boolean): string {
  return JSON.stringify({ ...data, add_generation_prompt: addGenerationPrompt });
}

const cases: OracleCase[] = [];
for (const [name, entry] of loadEntries("chat-templates.json")) {
  for (const prompt of [false, true]) {
    cases.push({
      name: `${name} [add_generation_prompt=${prompt}]`,
      template: entry.chat_template,
      contextJson: withGenerationPrompt(entry.data, prompt),
    });
  }
}

// The 26-message / 4-tool / non-ASCII conversations of the benchmark, each with its own template.
const benchEntries = loadEntries("chat-bench-cases.json");
const largeConversation = benchEntries.find(([name]) => name === "llama3.1")?.[1].data;
if (!largeConversation) throw new Error("chat-bench-cases.json has no llama3.1 case");
for (const [name, entry] of benchEntries) {
  cases.push({ name: `bench ${name}`, template: entry.chat_template, contextJson: JSON.stringify(entry.data) });
}
// Every real template also gets the large conversation (some raise on it, e.g. on role alternation: both must).
for (const [name, entry] of loadEntries("chat-templates.json")) {
  for (const prompt of [false, true]) {
    cases.push({
      name: `large conversation on ${name} [add_generation_prompt=${prompt}]`,
      template: entry.chat_template,
      contextJson: withGenerationPrompt({ ...entry.data, ...largeConversation }, prompt),
    });
  }
}

// Conversation variants (test/data/conversation-variants.json: empty, multimodal parts, tool round trips, literal
// template syntax in content, reasoning, ...) over every real template, to reach the branches the shipped sample
// conversations leave untouched. Templates that reject a variant (raise_exception) must reject it in both engines.
const variants = Object.entries(
  JSON.parse(readFileSync(new URL("./data/conversation-variants.json", import.meta.url), "utf8")) as Record<
    string,
    Record<string, unknown>
  >,
);
for (const [name, entry] of loadEntries("chat-templates.json")) {
  for (const [variantName, variant] of variants) {
    for (const prompt of [false, true]) {
      cases.push({
        name: `${variantName} on ${name} [add_generation_prompt=${prompt}]`,
        template: entry.chat_template,
        contextJson: withGenerationPrompt({ ...entry.data, ...variant }, prompt),
      });
    }
  }
}

describeWithOracle("real chat templates: @hubkit/jinja vs Python Jinja2", () => {
  const oracle = runOracle(cases);
  for (const c of cases) {
    test(c.name, () => {
      expectSameAsOracle(renderOurs(c.template, c.contextJson), oracle.get(c.name));
    });
  }
});

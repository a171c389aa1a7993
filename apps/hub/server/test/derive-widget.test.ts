// The card's `widget:` list → widgetData: parsed from real YAML cards, only a widget example's keys with their
// types, shorthand strings, hostile shapes dropped, bounded count; and on a real server, `GET /api/models/{id}`
// (plain, `expand[]=widgetData`) and Python's `model_info(...).widget_data` (and `transformers_info`, which Python
// builds a dataclass from) with both client versions.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cardDataOf } from "../src/derive/card.js";
import { MAX_WIDGET_EXAMPLES, widgetDataOf } from "../src/derive/widget.js";
import { type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";

const widgetOf = (yaml: string) => widgetDataOf(cardDataOf(`---\n${yaml}\n---\n# Card\n`));

describe("widgetDataOf", () => {
  test("text, sentence-similarity, chat, table and asset examples keep their keys and types", () => {
    const card = [
      "widget:",
      "- text: Paris is the <mask> of France.",
      "  example_title: Capital",
      "- source_sentence: That is a happy person",
      "  sentences: [That is a happy dog, Today is a sunny day]",
      "- messages:",
      "  - role: user",
      "    content: Hi!",
      "- text: How many stars?",
      "  table: {Repository: [Transformers, Datasets], Stars: [36542, 4512]}",
      "- src: https://example.org/cat.png",
      "  candidate_labels: cat, dog",
      "  parameters: {top_k: 2}",
    ].join("\n");
    expect(widgetOf(card)).toEqual([
      { text: "Paris is the <mask> of France.", example_title: "Capital" },
      { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is a sunny day"] },
      { messages: [{ role: "user", content: "Hi!" }] },
      { text: "How many stars?", table: { Repository: ["Transformers", "Datasets"], Stars: [36542, 4512] } },
      { src: "https://example.org/cat.png", candidate_labels: "cat, dog", parameters: { top_k: 2 } },
    ]);
  });

  test("shorthand strings and a single mapping; YAML scalars read as text", () => {
    expect(widgetOf("widget:\n- Hello there\n- text: 42")).toEqual([{ text: "Hello there" }, { text: "42" }]);
    expect(widgetOf("widget:\n  text: one example")).toEqual([{ text: "one example" }]);
  });

  test("no widget, or nothing usable, is no widgetData; unknown keys and bad shapes are dropped", () => {
    expect(widgetDataOf(undefined)).toBeUndefined();
    expect(widgetOf("license: mit")).toBeUndefined();
    expect(widgetOf("widget: 3")).toBeUndefined();
    expect(widgetOf("widget:\n- example_title: only a title\n- [1, 2]\n- null")).toBeUndefined();
    expect(
      widgetOf(
        [
          "widget:",
          "- text: kept",
          "  __proto__: {polluted: true}",
          "  script: <script>alert(1)</script>",
          "  messages: [{role: user}]",
          "  table: {a: [{nested: 1}]}",
          "  sentences: not a list",
        ].join("\n"),
      ),
    ).toEqual([{ text: "kept" }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("bounded: at most MAX_WIDGET_EXAMPLES examples, over-long strings dropped", () => {
    const many = Array.from({ length: 50 }, (_, i) => `- text: example ${i}`).join("\n");
    const kept = widgetOf(`widget:\n${many}`);
    expect(kept).toHaveLength(MAX_WIDGET_EXAMPLES);
    expect(kept?.[0]).toEqual({ text: "example 0" });
    expect(widgetOf(`widget:\n- text: ${"x".repeat(20_000)}`)).toBeUndefined();
  });
});

describe("on a real server", () => {
  let hub: AuthHub;
  let write: string;
  const card = "---\nlicense: mit\nwidget:\n- text: Paris is the [MASK] of France.\n  example_title: Capital\n---\n";

  beforeAll(async () => {
    hub = await startAuthHub();
    await hub.user("alice");
    write = await hub.token("alice", "write");
    // "widgets" is also a transformers fill-mask model (config and tokenizer files) for transformersInfo.
    const config = JSON.stringify({ architectures: ["BertForMaskedLM"], model_type: "bert" });
    for (const [name, files] of [
      ["widgets", { "README.md": card, "config.json": config, "tokenizer_config.json": "{}" }],
      ["plain", { "README.md": "---\nlicense: mit\n---\n" }],
    ] as const) {
      const created = await fetch(`${hub.url}/api/repos/create`, {
        method: "POST",
        headers: { Authorization: `Bearer ${write}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          name,
          files: Object.entries(files).map(([path, text]) => ({
            path,
            content: Buffer.from(text).toString("base64"),
            encoding: "base64",
          })),
        }),
      });
      expect(created.status).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await hub?.close();
  });

  test("GET /api/models/{id} and expand[]=widgetData carry the card's examples; none without a widget", async () => {
    const expected = [{ text: "Paris is the [MASK] of France.", example_title: "Capital" }];
    const info = (await (await fetch(`${hub.url}/api/models/alice/widgets`)).json()) as Record<string, unknown>;
    expect(info.widgetData).toEqual(expected);
    const expanded = await fetch(`${hub.url}/api/models/alice/widgets?expand[]=widgetData`);
    expect(await expanded.json()).toEqual({ _id: info._id, id: "alice/widgets", widgetData: expected });
    const listed = await fetch(`${hub.url}/api/models?author=alice&full=true`);
    const items = (await listed.json()) as Array<Record<string, unknown>>;
    expect(items.find((item) => item.id === "alice/widgets")?.widgetData).toEqual(expected);
    const plain = (await (await fetch(`${hub.url}/api/models/alice/plain`)).json()) as Record<string, unknown>;
    expect(plain.widgetData).toBeUndefined();
  });

  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version}: model_info().widget_data and transformers_info`, async () => {
      const code = [
        "import json; from huggingface_hub import HfApi",
        "info = HfApi().model_info('alice/widgets')",
        "t = info.transformers_info",
        "print(json.dumps([info.widget_data, [t.auto_model, t.pipeline_tag, t.processor]]))",
      ].join("\n");
      const result = await runPython(version, hub.url, undefined, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(JSON.parse(result.stdout)).toEqual([
        [{ text: "Paris is the [MASK] of France.", example_title: "Capital" }],
        ["AutoModelForMaskedLM", "fill-mask", "AutoTokenizer"],
      ]);
    }, 60_000);
});

// Every snippet of the matrix parses in its language and carries no rendering accident.
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { buildMatrix, HF_TOKEN, type MatrixEntry, PROVIDER_KEY } from "./matrix.js";
import { jsSyntaxError, pythonSyntaxErrors, shellSyntaxErrors } from "./syntax.js";

const matrix = buildMatrix();
const all = matrix.flatMap((entry) => entry.snippets.map((snippet) => ({ entry, snippet })));
const where = (entry: MatrixEntry, client: string) =>
  `${entry.label} · ${entry.provider} · ${client} · token ${entry.tokenKind}${entry.streaming ? " · stream" : ""}`;

describe("snippet matrix", () => {
  it("is complete: every (tag, provider, token kind) pair yields snippets", () => {
    const empty = matrix.filter((e) => e.snippets.length === 0).map((e) => where(e, "*"));
    // Non-conversational image-text-to-text and text2text-generation have no handler (§10.3), so no provider is
    // listed for them. fal-ai speech recognition, which refuses the FLAC example (§3.5), shows a WAV file instead.
    expect(empty).toEqual([]);
    const falAsr = matrix.filter((e) => e.provider === "fal-ai" && e.task === "automatic-speech-recognition");
    expect(falAsr.length).toBe(4);
    for (const entry of falAsr) {
      expect(entry.snippets.map((s) => `${s.language}/${s.client}`)).toEqual([
        "python/huggingface_hub",
        "python/requests",
        "js/fetch",
        "js/huggingface.js",
        "sh/curl",
      ]);
    }
    expect(all.length).toBeGreaterThan(500);
  });

  it("has no undefined, [object Object], doubled quotes, empty Bearer or leaked placeholder", () => {
    const problems: string[] = [];
    for (const { entry, snippet } of all) {
      const text = snippet.content;
      const at = where(entry, `${snippet.language}/${snippet.client}`);
      if (text.includes("undefined")) problems.push(`${at}: undefined`);
      if (text.includes("[object Object]")) problems.push(`${at}: [object Object]`);
      if (/"\\"|'\\"/.test(text)) problems.push(`${at}: doubly encoded string`);
      if (/Bearer (["'`]|$|\s)/m.test(text)) problems.push(`${at}: empty Bearer`);
      if (/(?:Key|X-Key) (["'`]|$|\s)/m.test(text)) problems.push(`${at}: empty key`);
      if (text.includes("PLACEHOLDER")) problems.push(`${at}: placeholder leaked`);
      if (text !== text.trim() || text === "") problems.push(`${at}: not trimmed`);
      const other = entry.token === HF_TOKEN ? PROVIDER_KEY : HF_TOKEN;
      if (text.includes(other)) problems.push(`${at}: a token that was not passed`);
      if (!entry.token && (text.includes(HF_TOKEN) || text.includes(PROVIDER_KEY))) problems.push(`${at}: token`);
      if (entry.token && snippet.client !== "fal_client" && !text.includes(entry.token)) {
        problems.push(`${at}: the passed token is missing`);
      }
      if (!entry.token && snippet.client !== "fal_client" && !/HF_TOKEN|_API_KEY/.test(text)) {
        problems.push(`${at}: no environment variable`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every Python snippet parses (ast.parse)", async () => {
    const python = all.filter(({ snippet }) => snippet.language === "python");
    const errors = await pythonSyntaxErrors(python.map(({ snippet }) => snippet.content));
    const report = [...errors].map(([i, message]) => `${where(python[i].entry, python[i].snippet.client)}: ${message}`);
    expect(report).toEqual([]);
    expect(python.length).toBeGreaterThan(100);
  });

  it("every JavaScript snippet parses (esbuild)", () => {
    const js = all.filter(({ snippet }) => snippet.language === "js");
    const report = js.flatMap(({ entry, snippet }) => {
      const error = jsSyntaxError(snippet.content);
      return error ? [`${where(entry, snippet.client)}: ${error}`] : [];
    });
    expect(report).toEqual([]);
    expect(js.length).toBeGreaterThan(100);
  });

  it("every shell snippet parses (bash -n)", async () => {
    const sh = all.filter(({ snippet }) => snippet.language === "sh");
    const errors = await shellSyntaxErrors(sh.map(({ snippet }) => snippet.content));
    const report = [...errors].map(([i, message]) => `${where(sh[i].entry, sh[i].snippet.client)}: ${message}`);
    expect(report).toEqual([]);
    expect(sh.length).toBeGreaterThan(50);
  });
});

describe("hostile values stay inside their literals", () => {
  const model = {
    id: `evil/it's "x" $(touch pwned) \`y\` \\ z`,
    pipeline_tag: "text-generation",
    tags: ["conversational"],
    inference: "",
  } as never;
  const messages = [{ role: "user", content: `'; rm -rf / #"\\ \${process.exit(1)} $(id) \n"""` }];
  const snippets = getInferenceSnippets(model, `tok'"en`, "hf-inference", undefined, { messages, billTo: "o'rg" });
  const textToImage = getInferenceSnippets(
    { id: `a/"b'`, pipeline_tag: "text-to-image", tags: [], inference: "" } as never,
    "",
    "fal-ai",
    `fal-ai/"x'`,
  );

  it("parses in every language", async () => {
    const list = [...snippets, ...textToImage];
    expect(list.length).toBeGreaterThan(8);
    const python = list.filter((s) => s.language === "python");
    expect([...(await pythonSyntaxErrors(python.map((s) => s.content)))]).toEqual([]);
    for (const s of list.filter((s) => s.language === "js"))
      expect(jsSyntaxError(s.content), s.content).toBe(undefined);
    const sh = list.filter((s) => s.language === "sh");
    expect([...(await shellSyntaxErrors(sh.map((s) => s.content)))]).toEqual([]);
  });
});

describe("the checkers themselves", () => {
  it("reject broken code", async () => {
    expect([...(await pythonSyntaxErrors(["x = 1", "x = (", "print(True)"])).keys()]).toEqual([1]);
    expect(jsSyntaxError("const a = {")).toBeTypeOf("string");
    expect(jsSyntaxError("const a = await f();")).toBe(undefined);
    expect([...(await shellSyntaxErrors(["echo ok", "if then fi", "curl x \\\n  -d '{'"])).keys()]).toEqual([1]);
  });
});

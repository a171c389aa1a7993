import { describe, expect, test } from "vitest";
import { type HighlightLanguage, highlight, type Token } from "./highlight";

const join = (tokens: Token[]) => tokens.map((t) => t.text).join("");
const kinds = (tokens: Token[], kind: Token["kind"]) => tokens.filter((t) => t.kind === kind).map((t) => t.text);

const SAMPLES: Record<Exclude<HighlightLanguage, "text">, string> = {
  python:
    'import os\nfrom x import Y  # comment\n\ndef f(a=1.5e3):\n    s = """multi\nline"""\n    return f"{a}" if a else None\n',
  js: "const a = `t ${x}`; // note\n/* block */ let b = 'q\\'s'; async function g() { return await fetch(\"u\"); }\n",
  sh: 'curl https://x/y \\\n  -H \'Authorization: Bearer $HF_TOKEN\' \\\n  -d "{\\"a\\": $N}" # done\nexport A=${B}\n',
  json: '{"a": [1, -2.5e3, true, null], "b": "x\\"y"}',
  jinja: "Hi {{ name | upper }}{# note #}\n{%- for m in messages if m.role != 'x' %}{{ loop.index }}{% endfor %}",
};

describe("highlight", () => {
  test.each(Object.entries(SAMPLES))("%s: tokens join back to the input exactly", (language, code) => {
    expect(join(highlight(code, language as HighlightLanguage))).toBe(code);
  });

  test("lossless on awkward input: unterminated strings and comments, unicode, CRLF", () => {
    for (const language of ["python", "js", "sh", "json", "jinja"] as const)
      for (const code of ['"open', "'''never closed", "/* open", "{{ open", "é€😀\r\n\t", "", "{%"])
        expect(join(highlight(code, language))).toBe(code);
  });

  test("python: keywords, strings, comments, literals, numbers, calls", () => {
    const tokens = highlight(SAMPLES.python, "python");
    expect(kinds(tokens, "keyword")).toEqual(["import", "from", "import", "def", "return", "if", "else"]);
    expect(kinds(tokens, "comment")).toEqual(["# comment"]);
    expect(kinds(tokens, "string")).toEqual(['"""multi\nline"""', 'f"{a}"']);
    expect(kinds(tokens, "number")).toEqual(["1.5e3"]);
    expect(kinds(tokens, "literal")).toEqual(["None"]);
    expect(kinds(tokens, "function")).toEqual(["f"]);
  });

  test("js: template literals, both comment forms, escaped quotes", () => {
    const tokens = highlight(SAMPLES.js, "js");
    expect(kinds(tokens, "string")).toEqual(["`t ${x}`", "'q\\'s'", '"u"']);
    expect(kinds(tokens, "comment")).toEqual(["// note", "/* block */"]);
    expect(kinds(tokens, "keyword")).toEqual(
      expect.arrayContaining(["const", "let", "async", "function", "return", "await"]),
    );
    expect(kinds(tokens, "function")).toEqual(["g", "fetch"]);
  });

  test("sh: commands, flags, quoted strings, variables, comments", () => {
    const tokens = highlight(SAMPLES.sh, "sh");
    expect(kinds(tokens, "function")).toEqual(["curl"]);
    expect(kinds(tokens, "keyword")).toEqual(["-H", "-d", "export"]);
    // single quotes keep $HF_TOKEN literal; it is part of the string token
    expect(kinds(tokens, "string")[0]).toBe("'Authorization: Bearer $HF_TOKEN'");
    expect(kinds(tokens, "variable")).toEqual(["${B}"]);
    expect(kinds(tokens, "comment")).toEqual(["# done"]);
  });

  test("sh: a # inside a word is not a comment", () => {
    expect(kinds(highlight("echo a#b", "sh"), "comment")).toEqual([]);
  });

  test("jinja: only the inside of delimiters is code", () => {
    const tokens = highlight(SAMPLES.jinja, "jinja");
    expect(tokens[0]).toEqual({ kind: "plain", text: "Hi " });
    expect(kinds(tokens, "keyword")).toEqual([
      "{{",
      "}}",
      "{%-",
      "for",
      "in",
      "if",
      "%}",
      "{{",
      "}}",
      "{%",
      "endfor",
      "%}",
    ]);
    expect(kinds(tokens, "comment")).toEqual(["{# note #}"]);
    expect(kinds(tokens, "string")).toEqual(["'x'"]);
    // words outside delimiters are never keywords
    expect(kinds(highlight("for if in", "jinja"), "keyword")).toEqual([]);
  });

  test("json: strings, numbers and literals", () => {
    const tokens = highlight(SAMPLES.json, "json");
    expect(kinds(tokens, "string")).toEqual(['"a"', '"b"', '"x\\"y"']);
    expect(kinds(tokens, "number")).toEqual(["1", "-2.5e3"]);
    expect(kinds(tokens, "literal")).toEqual(["true", "null"]);
  });

  test("text and invalid input", () => {
    expect(highlight("a b", "text")).toEqual([{ kind: "plain", text: "a b" }]);
    expect(() => highlight("x", "cobol" as HighlightLanguage)).toThrow('highlight: unknown language "cobol"');
    expect(() => highlight(undefined as unknown as string, "js")).toThrow("highlight: code must be a string");
  });
});

// A small, dependency-free syntax highlighter for the languages the site shows (Python, JavaScript/TypeScript,
// shell, JSON, Jinja). It splits code into tokens whose texts concatenate back to the input exactly, so the
// rendered code is always the code that gets copied.

export type HighlightLanguage = "python" | "js" | "sh" | "json" | "jinja" | "text";
export type TokenKind = "plain" | "comment" | "string" | "keyword" | "number" | "literal" | "function" | "variable";

export interface Token {
  kind: TokenKind;
  text: string;
}

interface Rule {
  kind: TokenKind | "word";
  pattern: RegExp; // sticky (`y`) so each rule matches only at the current position
}

const KEYWORDS: Record<"python" | "js" | "sh" | "jinja", Set<string>> = {
  python: new Set(
    "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield print".split(
      " ",
    ),
  ),
  js: new Set(
    "async await break case catch class const continue default delete do else export extends finally for from function if import in instanceof let new of return switch throw try typeof var void while with yield".split(
      " ",
    ),
  ),
  sh: new Set("if then else elif fi for in do done while case esac function export echo cd".split(" ")),
  jinja: new Set(
    "if elif else endif for endfor in not and or is set endset macro endmacro call endcall filter endfilter raw endraw block endblock extends include import from with endwith recursive".split(
      " ",
    ),
  ),
};

const LITERALS: Record<"python" | "js" | "sh" | "jinja" | "json", Set<string>> = {
  python: new Set(["True", "False", "None"]),
  js: new Set(["true", "false", "null", "undefined", "this"]),
  sh: new Set(),
  jinja: new Set(["true", "false", "none", "True", "False", "None", "loop"]),
  json: new Set(["true", "false", "null"]),
};

const NUMBER = /(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\b/y;
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;

const RULES: Record<Exclude<HighlightLanguage, "text">, Rule[]> = {
  python: [
    { kind: "comment", pattern: /#[^\n]*/y },
    { kind: "string", pattern: /[rbfuRBFU]{0,2}("""[\s\S]*?(?:"""|$)|'''[\s\S]*?(?:'''|$))/y },
    { kind: "string", pattern: /[rbfuRBFU]{0,2}("(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?)/y },
    { kind: "number", pattern: NUMBER },
    { kind: "word", pattern: WORD },
  ],
  js: [
    { kind: "comment", pattern: /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/y },
    { kind: "string", pattern: /`(?:[^`\\]|\\[\s\S])*`?|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?/y },
    { kind: "number", pattern: NUMBER },
    { kind: "word", pattern: WORD },
  ],
  sh: [
    { kind: "comment", pattern: /(?<![^\s;|&(])#[^\n]*/y },
    { kind: "string", pattern: /'[^']*'?|"(?:[^"\\]|\\[\s\S])*"?/y },
    { kind: "variable", pattern: /\$\{[^}\n]*\}?|\$[A-Za-z_][A-Za-z0-9_]*/y },
    { kind: "keyword", pattern: /--?[A-Za-z][A-Za-z0-9-]*/y },
    { kind: "word", pattern: /[A-Za-z_][A-Za-z0-9_.-]*/y },
  ],
  json: [
    { kind: "string", pattern: /"(?:[^"\\\n]|\\.)*"?/y },
    { kind: "number", pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y },
    { kind: "word", pattern: WORD },
  ],
  jinja: [
    { kind: "comment", pattern: /\{#[\s\S]*?(?:#\}|$)/y },
    { kind: "keyword", pattern: /\{%-?|-?%\}|\{\{-?|-?\}\}/y },
    { kind: "string", pattern: /"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?/y },
    { kind: "number", pattern: NUMBER },
    { kind: "word", pattern: WORD },
  ],
};

/** Splits `code` into tokens; joining their texts gives `code` back unchanged. */
export function highlight(code: string, language: HighlightLanguage): Token[] {
  if (typeof code !== "string") throw new TypeError("highlight: code must be a string");
  if (language === "text") return code === "" ? [] : [{ kind: "plain", text: code }];
  const rules = RULES[language];
  if (rules === undefined) throw new TypeError(`highlight: unknown language ${JSON.stringify(language)}`);
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens[tokens.length - 1];
    if (last !== undefined && last.kind === kind && kind === "plain") last.text += text;
    else tokens.push({ kind, text });
  };
  // In Jinja, only the inside of {{ }} / {% %} is code; the rest is literal text.
  let jinjaDepth = 0;
  let position = 0;
  while (position < code.length) {
    if (language === "jinja" && jinjaDepth === 0) {
      const next = code.slice(position).search(/\{[{%#]/);
      const end = next === -1 ? code.length : position + next;
      if (end > position) {
        push("plain", code.slice(position, end));
        position = end;
        continue;
      }
    }
    let matched = false;
    for (const rule of rules) {
      rule.pattern.lastIndex = position;
      const match = rule.pattern.exec(code);
      if (match === null || match[0] === "") continue;
      const text = match[0];
      matched = true;
      position += text.length;
      if (rule.kind === "word") push(classifyWord(text, language, code, position), text);
      else {
        push(rule.kind, text);
        if (language === "jinja" && rule.kind === "keyword") jinjaDepth = text.startsWith("{") ? 1 : 0;
      }
      break;
    }
    if (!matched) {
      push("plain", code[position]);
      position += 1;
    }
  }
  return tokens;
}

function classifyWord(
  word: string,
  language: Exclude<HighlightLanguage, "text">,
  code: string,
  end: number,
): TokenKind {
  if (language !== "json" && KEYWORDS[language].has(word)) return "keyword";
  if (LITERALS[language].has(word)) return "literal";
  if (language !== "json" && language !== "sh" && /^\s*\(/.test(code.slice(end, end + 20))) return "function";
  if (
    language === "sh" &&
    (end - word.length === 0 || /(^|\n|\|\s*|&&\s*|;\s*)$/.test(code.slice(0, end - word.length)))
  )
    return "function";
  return "plain";
}

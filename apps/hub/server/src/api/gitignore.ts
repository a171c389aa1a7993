// A `.gitignore` matcher of our own for preupload's `shouldIgnore` (api/preupload.ts), with git's semantics
// (gitignore(5), wildmatch with WM_PATHNAME): comments, trailing spaces unless escaped, `\` escapes, `!` negation,
// `dir/` directory-only patterns, patterns with a slash anchored to the root (others match a name at any level),
// `*`, `?` and `[...]` never crossing `/`, `**/`, `/**/` and `/**` crossing directories, and "a file cannot be
// re-included if a parent directory is excluded". Only the root `.gitignore` applies (the one preupload knows).
//
// Bounded: at most MAX_RULES patterns of MAX_PATTERN_LENGTH characters, and no backtracking — a pattern is a small
// token list run as a state set over the path (time ∝ path length × tokens), with a work budget per matcher past
// which matching stops with a 400 instead of holding the server.
import { ApiError } from "./api-error.js";

export const MAX_RULES = 10_000;
export const MAX_PATTERN_LENGTH = 4096;
/** State-set steps one matcher may spend over all the paths it is asked about. */
export const DEFAULT_WORK_BUDGET = 50_000_000;

type Token =
  | { kind: "char"; char: string }
  /** `?`: one character other than `/`. */
  | { kind: "any" }
  /** `*`: any run of characters other than `/`. */
  | { kind: "star" }
  /** A trailing `/**`'s `**`, or a whole-pattern `**`: anything, `/` included. */
  | { kind: "all" }
  /** `**` followed by `/` at the start or after a `/`: zero or more whole directories (`""`, `a/`, `a/b/`). */
  | { kind: "dirs" }
  | { kind: "class"; negated: boolean; test: (char: string) => boolean };

interface Rule {
  negated: boolean;
  directoryOnly: boolean;
  /** Matched against the whole path (it had a slash) rather than the last name. */
  anchored: boolean;
  /** undefined = the pattern can never match (an unclosed `[`, a trailing `\`). */
  tokens: Token[] | undefined;
  /** Fast paths: the whole text without wildcards, or `*` + such a suffix. */
  literal?: string;
  suffix?: string;
}

const POSIX_CLASSES: Record<string, (char: string) => boolean> = {
  alnum: (c) => /[A-Za-z0-9]/.test(c),
  alpha: (c) => /[A-Za-z]/.test(c),
  blank: (c) => c === " " || c === "\t",
  digit: (c) => /[0-9]/.test(c),
  lower: (c) => /[a-z]/.test(c),
  upper: (c) => /[A-Z]/.test(c),
  space: (c) => /[ \t\n\r\f\v]/.test(c),
  punct: (c) => /[!-/:-@[-`{-~]/.test(c),
  xdigit: (c) => /[0-9A-Fa-f]/.test(c),
  print: (c) => c >= " " && c <= "~",
  graph: (c) => c > " " && c <= "~",
  cntrl: (c) => c < " " || c === "\x7f",
};

/** `[...]` from `start` (at the `[`): the token and the index after `]`, or undefined when it never closes. */
function parseClass(pattern: string, start: number): { token: Token; next: number } | undefined {
  let i = start + 1;
  const negated = pattern[i] === "!" || pattern[i] === "^";
  if (negated) i++;
  const tests: Array<(char: string) => boolean> = [];
  let first = true;
  while (i < pattern.length) {
    let char = pattern[i] as string;
    if (char === "]" && !first) {
      return {
        token: { kind: "class", negated, test: (c) => tests.some((test) => test(c)) },
        next: i + 1,
      };
    }
    first = false;
    if (char === "[" && pattern[i + 1] === ":") {
      const close = pattern.indexOf(":]", i + 2);
      const name = close < 0 ? undefined : pattern.slice(i + 2, close);
      const test = name === undefined ? undefined : POSIX_CLASSES[name];
      if (test !== undefined && close >= 0) {
        tests.push(test);
        i = close + 2;
        continue;
      }
    }
    if (char === "\\") {
      i++;
      if (i >= pattern.length) return undefined;
      char = pattern[i] as string;
    }
    if (pattern[i + 1] === "-" && pattern[i + 2] !== undefined && pattern[i + 2] !== "]") {
      let high = pattern[i + 2] as string;
      let after = i + 3;
      if (high === "\\") {
        if (pattern[i + 3] === undefined) return undefined;
        high = pattern[i + 3] as string;
        after = i + 4;
      }
      const low = char;
      tests.push((c) => c >= low && c <= high);
      i = after;
      continue;
    }
    const single = char;
    tests.push((c) => c === single);
    i++;
  }
  return undefined;
}

/** The pattern text (escapes still in it) as tokens; undefined when git would never match it. */
function tokenize(pattern: string, anchored: boolean): Token[] | undefined {
  const tokens: Token[] = [];
  // git compares an anchored pattern's literal prefix first and wildmatches the rest on its own, so a `**` right
  // after that prefix counts as the start of a pattern (`src/a**/x` crosses directories; `q**e` does not).
  const firstWildcard = anchored ? pattern.search(/[*?[\\]/) : -1;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i] as string;
    if (char === "\\") {
      if (i + 1 >= pattern.length) return undefined;
      tokens.push({ kind: "char", char: pattern[i + 1] as string });
      i += 2;
    } else if (char === "*") {
      let end = i;
      while (pattern[end] === "*") end++;
      const atStart = i === 0 || pattern[i - 1] === "/" || i === firstWildcard;
      if (end - i >= 2 && atStart && pattern[end] === "/") {
        tokens.push({ kind: "dirs" });
        i = end + 1; // the `/` belongs to the token
      } else if (end - i >= 2 && atStart && end === pattern.length) {
        tokens.push({ kind: "all" });
        i = end;
      } else {
        tokens.push({ kind: "star" }); // other runs of asterisks are one `*`
        i = end;
      }
    } else if (char === "?") {
      tokens.push({ kind: "any" });
      i++;
    } else if (char === "[") {
      const parsed = parseClass(pattern, i);
      if (parsed === undefined) return undefined;
      tokens.push(parsed.token);
      i = parsed.next;
    } else {
      tokens.push({ kind: "char", char });
      i++;
    }
  }
  return tokens;
}

/** git's trailing-space rule: spaces at the end go, unless the last one is escaped with `\`. */
function trimTrailingSpaces(line: string): string {
  let spacesFrom = -1;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === " ") {
      if (spacesFrom < 0) spacesFrom = i;
      continue;
    }
    spacesFrom = -1;
    if (char === "\\") i++; // the escaped character, even a space, stays
  }
  return spacesFrom < 0 ? line : line.slice(0, spacesFrom);
}

function parseRule(rawLine: string): Rule | undefined {
  let line = trimTrailingSpaces(rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine);
  if (line === "" || line.startsWith("#")) return undefined;
  if (line.length > MAX_PATTERN_LENGTH)
    throw new ApiError(400, `A .gitignore pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  const negated = line.startsWith("!");
  if (negated) line = line.slice(1);
  let directoryOnly = false;
  if (line.endsWith("/") && !line.endsWith("\\/")) {
    directoryOnly = true;
    line = line.slice(0, -1);
  }
  if (line === "") return undefined;
  const anchored = line.includes("/");
  if (line.startsWith("/")) line = line.slice(1);
  const tokens = tokenize(line, anchored);
  const rule: Rule = { negated, directoryOnly, anchored, tokens };
  if (tokens === undefined) return rule;
  const text = tokens.map((token) => (token.kind === "char" ? token.char : "")).join("");
  if (tokens.every((token) => token.kind === "char")) rule.literal = text;
  else if (tokens[0]?.kind === "star" && tokens.slice(1).every((token) => token.kind === "char")) rule.suffix = text;
  return rule;
}

export class GitignoreMatcher {
  private readonly rules: Rule[];
  private budget: number;

  constructor(text: string, workBudget = DEFAULT_WORK_BUDGET) {
    this.rules = [];
    this.budget = workBudget;
    for (const line of text.split("\n")) {
      const rule = parseRule(line);
      if (rule === undefined) continue;
      if (this.rules.length >= MAX_RULES)
        throw new ApiError(400, `A .gitignore may have at most ${MAX_RULES} patterns`);
      this.rules.push(rule);
    }
  }

  /** Whether git would ignore the file at `path` (`/`-separated, relative to the root, no leading slash). */
  ignores(path: string): boolean {
    if (this.rules.length === 0) return false;
    const names = path.split("/");
    // A directory that is excluded takes everything under it along, whatever later negations say.
    for (let depth = 1; depth < names.length; depth++)
      if (this.decide(names.slice(0, depth).join("/"), names[depth - 1] as string, true)) return true;
    return this.decide(path, names[names.length - 1] as string, false);
  }

  /** The last rule that matches decides (excluded unless it is a negation); none = not excluded. */
  private decide(path: string, name: string, isDirectory: boolean): boolean {
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const rule = this.rules[i] as Rule;
      if (rule.directoryOnly && !isDirectory) continue;
      if (this.matches(rule, rule.anchored ? path : name)) return !rule.negated;
    }
    return false;
  }

  private matches(rule: Rule, text: string): boolean {
    if (rule.tokens === undefined) return false;
    if (rule.literal !== undefined) return text === rule.literal;
    if (rule.suffix !== undefined) return text.endsWith(rule.suffix) && !text.includes("/");
    return this.run(rule.tokens, text);
  }

  /** The tokens as a state set over `text` (state i = tokens[0..i) matched; tokens.length = done). */
  private run(tokens: Token[], text: string): boolean {
    const count = tokens.length;
    this.budget -= (text.length + 1) * (count + 1);
    if (this.budget < 0) throw new ApiError(400, "The .gitignore patterns are too complex to apply to this many paths");
    let current = new Uint8Array(count + 1);
    let next = new Uint8Array(count + 1);
    const close = (states: Uint8Array) => {
      // Tokens that may match nothing let the state pass on (in order, so chains of them close in one sweep).
      for (let i = 0; i < count; i++) {
        const kind = (tokens[i] as Token).kind;
        if (states[i] === 1 && (kind === "star" || kind === "all" || kind === "dirs")) states[i + 1] = 1;
      }
    };
    current[0] = 1;
    close(current);
    for (const char of text) {
      next.fill(0);
      let alive = false;
      for (let i = 0; i < count; i++) {
        if (current[i] !== 1) continue;
        const token = tokens[i] as Token;
        switch (token.kind) {
          case "char":
            if (char === token.char) next[i + 1] = 1;
            break;
          case "any":
            if (char !== "/") next[i + 1] = 1;
            break;
          case "class":
            if (char !== "/" && token.test(char) !== token.negated) next[i + 1] = 1;
            break;
          case "star":
            if (char !== "/") next[i] = 1;
            break;
          case "all":
            next[i] = 1;
            break;
          case "dirs":
            next[i] = 1;
            if (char === "/") next[i + 1] = 1;
            break;
        }
      }
      close(next);
      for (let i = 0; i <= count; i++) if (next[i] === 1) alive = true;
      if (!alive) return false;
      [current, next] = [next, current];
    }
    return current[count] === 1;
  }
}

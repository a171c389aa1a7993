// Deterministic random templates for whitespace control (jinja.md §3.1): text runs of spaces, tabs, newlines and
// CRLF around expression, statement, comment and raw tags, each tag with a random `-` / `+` modifier, blocks nested
// a few levels deep. Rendered by both engines, the outputs must match byte for byte.
import type { FuzzCase } from "./expressions.js";
import { prng } from "./prng.js";

const TEXTS = [
  "",
  " ",
  "  ",
  "\t",
  "\n",
  "\n\n",
  " \n",
  "\n  ",
  "\n\t ",
  "a",
  "b c",
  "\r\n",
  " x \n ",
  "y\n",
  "  \n  \n",
];

export function generateWhitespaceCases(seed: number, count: number): FuzzCase[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const open = () => pick(["{%", "{%", "{%-", "{%+"]);
  const close = () => pick(["%}", "%}", "-%}", "+%}"]);
  const tag = (body: string) => `${open()} ${body} ${close()}`;

  function sequence(depth: number): string {
    let out = "";
    const items = 1 + Math.floor(random() * 5);
    for (let k = 0; k < items; k++) {
      out += pick(TEXTS);
      const r = random();
      if (r < 0.25) out += `${pick(["{{", "{{-"])} 'v' ${pick(["}}", "-}}"])}`;
      else if (r < 0.35) out += `${pick(["{#", "{#-"])} c ${pick(["#}", "-#}"])}`;
      else if (r < 0.42) out += tag("set x = 1");
      else if (r < 0.58 && depth > 0) out += `${tag("if true")}${sequence(depth - 1)}${tag("endif")}`;
      else if (r < 0.66 && depth > 0)
        out += `${tag("if false")}${sequence(depth - 1)}${tag("else")}${sequence(depth - 1)}${tag("endif")}`;
      else if (r < 0.76 && depth > 0) out += `${tag("for i in [1, 2]")}${sequence(depth - 1)}${tag("endfor")}`;
      else if (r < 0.82) {
        // Jinja2's raw opening tag accepts `-%}` but not `+%}`.
        out += `${open()} raw ${pick(["%}", "-%}"])}${pick(TEXTS)}{{ r }}${pick(TEXTS)}${tag("endraw")}`;
      } else if (r < 0.88 && depth > 0) out += `${tag("filter upper")}${sequence(depth - 1)}${tag("endfilter")}`;
      else if (r < 0.93 && depth > 0) out += `${tag("macro m()")}${sequence(depth - 1)}${tag("endmacro")}{{ m() }}`;
      out += pick(TEXTS);
    }
    return out;
  }

  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index++) {
    const template = sequence(2);
    cases.push({ name: `whitespace ${index}: ${JSON.stringify(template)}`, template });
  }
  return cases;
}

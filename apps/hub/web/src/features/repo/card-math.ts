// Renders a card's math placeholders (card-math-syntax.ts) with KaTeX, a maintained TeX renderer, bundled with its
// CSS and fonts (no CDN; the site's CSP allows 'self' fonts and inline styles). KaTeX runs with trust off (no
// \href, \url, \includegraphics, \htmlClass…), never throws (a TeX error shows the source in the error colour) and
// with bounded macro expansion; its output is sanitised again before it enters the page. This module is loaded only
// for cards that have math.
import DOMPurify from "dompurify";
import katex from "katex";
import "katex/dist/katex.min.css";
import { MATH_CLASS } from "./card-math-syntax";

/** Most formulas rendered per card; the rest stay as their TeX source. */
export const MAX_FORMULAS = 2000;

const OPTIONS = {
  throwOnError: false,
  trust: false,
  strict: "ignore",
  output: "htmlAndMathml",
  maxSize: 50,
  maxExpand: 1000,
} as const;

function formulaFragment(tex: string, displayMode: boolean): DocumentFragment {
  const html = katex.renderToString(tex, { ...OPTIONS, displayMode });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true, mathMl: true },
    ADD_TAGS: ["semantics", "annotation"],
    ADD_ATTR: ["encoding"],
    FORBID_TAGS: ["style", "script", "a", "img", "form", "input", "button"],
    FORBID_ATTR: ["href", "src", "xlink:href", "action"],
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}

/** Replaces every math placeholder under `root` with its rendered formula (in place). */
export function renderMath(root: ParentNode): void {
  let count = 0;
  for (const element of root.querySelectorAll(`.${MATH_CLASS}`)) {
    if (++count > MAX_FORMULAS) break;
    const tex = element.textContent ?? "";
    element.replaceChildren(formulaFragment(tex, element.classList.contains("math-display")));
    element.classList.add("math-rendered");
  }
}

// The TeX math of a card, found while Markdown is parsed (so code spans and fences keep their dollars): `$…$` inline,
// `$$…$$` displayed. Each becomes an element holding the escaped TeX source; card-math.ts renders those after the
// card is sanitised. Prices stay text: an opening `$` is not followed by a space, a closing `$` is neither preceded
// by a space nor followed by a digit, so "$5 and $10" is not math.
import type { MarkedExtension, Tokens } from "marked";

/** Class of the placeholder elements (their text is the TeX source). */
export const MATH_CLASS = "math-tex";
/** Longest TeX source rendered; a longer one stays as its source text. */
export const MAX_TEX_CHARS = 4000;

const INLINE = /^\$(?!\$)(?!\s)((?:\\[\s\S]|[^\\$\n])+?)(?<!\s)\$(?!\d)/;
const INLINE_DISPLAY = /^\$\$(?!\$)((?:\\[\s\S]|[^\\$])+?)\$\$/;
const BLOCK = /^ {0,3}\$\$[ \t]*\n?((?:\\[\s\S]|[^\\$])+?)\n?[ \t]*\$\$[ \t]*(?:\n+|$)/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface MathToken extends Tokens.Generic {
  tex: string;
  display: boolean;
}

function placeholder(token: Tokens.Generic): string {
  const { tex, display } = token as MathToken;
  const tag = display ? "div" : "span";
  return `<${tag} class="${MATH_CLASS} ${display ? "math-display" : "math-inline"}">${escapeHtml(tex)}</${tag}>`;
}

/** The first `$` that is not escaped by a backslash (where the inline text tokenizer must stop). */
function firstDollar(src: string): number | undefined {
  for (let index = src.indexOf("$"); index !== -1; index = src.indexOf("$", index + 1)) {
    if (index === 0 || src[index - 1] !== "\\") return index;
  }
  return undefined;
}

export const mathExtension: MarkedExtension = {
  extensions: [
    {
      name: "mathBlock",
      level: "block",
      // Only up to the next blank line: a paragraph ends there anyway, and a search over the whole rest of the card
      // for every block would be quadratic.
      start: (src) => {
        const end = src.indexOf("\n\n");
        const index = (end === -1 ? src : src.slice(0, end)).search(/^ {0,3}\$\$/m);
        return index === -1 ? undefined : index;
      },
      tokenizer(src) {
        const match = BLOCK.exec(src);
        if (!match || match[1].trim() === "" || match[1].length > MAX_TEX_CHARS) return undefined;
        return { type: "mathBlock", raw: match[0], tex: match[1].trim(), display: true };
      },
      renderer: (token) => `${placeholder(token)}\n`,
    },
    {
      name: "mathInline",
      level: "inline",
      start: firstDollar,
      tokenizer(src) {
        const display = INLINE_DISPLAY.exec(src);
        if (display && display[1].trim() !== "" && display[1].length <= MAX_TEX_CHARS)
          return { type: "mathInline", raw: display[0], tex: display[1].trim(), display: true };
        const match = INLINE.exec(src);
        if (!match || match[1].length > MAX_TEX_CHARS) return undefined;
        return { type: "mathInline", raw: match[0], tex: match[1], display: false };
      },
      renderer: placeholder,
    },
  ],
};

// Renders a repository card (untrusted Markdown with HTML) into a DOM fragment: GitHub-flavoured Markdown with
// marked, then DOMPurify with a strict profile (HTML only, no script/style/iframe/object/embed/forms, no event
// handlers, no `javascript:` URLs), then our own pass: headings shifted under the page's h1 without skipped levels,
// relative links and images pointed at the repository's blob/resolve URLs, code highlighted with a copy button,
// tables scrollable, and math rendered with KaTeX (renderCardInSteps; the synchronous renderCard leaves its source).
import DOMPurify from "dompurify";
import { Marked } from "marked";
import { fenceLanguage } from "../../lib/fence-language";
import { highlight } from "../../lib/highlight";
import { addCopyButtons } from "./card-code-copy";
import { MATH_CLASS, mathExtension } from "./card-math-syntax";
import { stripFrontMatter } from "./front-matter";
import { withoutHandlerNames } from "./handler-names";

export interface CardLinks {
  /** The file's page (for links to files of the repository). */
  blob(path: string): string;
  /** The file's bytes (for images and media). */
  resolve(path: string): string;
  /** The folder relative targets start from (the card's own folder; the root by default). */
  base?: string;
}

// Math (`$…$`, `$$…$$`) is found during parsing, so dollars in code keep their meaning; card-math.ts renders it.
const marked = new Marked({ gfm: true, async: false }, mathExtension);

// Tags that can run code, load documents or submit data: never kept, content dropped with them.
const FORBIDDEN_TAGS = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "button",
  "select",
  "textarea",
  "option",
  "link",
  "meta",
  "base",
  "template",
  "portal",
];
const FORBIDDEN_ATTRS = ["style", "srcset", "action", "formaction", "ping", "background", "poster", "xlink:href"];

/** A URL with a scheme or `//host`: left as it is (DOMPurify has already dropped the unsafe schemes). */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A repository-relative target (`./a/b.png`, `a/../b`) as a clean path, or undefined when it leaves the repo. */
export function repoRelativePath(target: string): string | undefined {
  const clean = target.split(/[?#]/, 1)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(clean);
  } catch {
    return undefined;
  }
  const parts: string[] = [];
  for (const part of decoded.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.pop() === undefined) return undefined;
    } else parts.push(part);
  }
  return parts.length > 0 ? parts.join("/") : undefined;
}

function sanitize(html: string): DocumentFragment {
  // Handler attributes are defused before DOMPurify's parse: Chromium reports each one as a CSP violation as soon as
  // it exists on an element, even in DOMPurify's inert document (handler-names.ts).
  const fragment = DOMPurify.sanitize(withoutHandlerNames(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRS,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  // A task list's checkbox stays, inert; any other input goes.
  for (const input of fragment.querySelectorAll("input")) {
    if (input.getAttribute("type") === "checkbox") {
      input.setAttribute("disabled", "");
      input.setAttribute("aria-label", input.checked ? "Done" : "Not done");
    } else input.remove();
  }
  return fragment;
}

function rewriteUrls(root: DocumentFragment, links: CardLinks): void {
  for (const anchor of root.querySelectorAll("a[href]")) {
    const href = anchor.getAttribute("href") ?? "";
    if (href.startsWith("#")) continue;
    if (ABSOLUTE.test(href)) {
      anchor.setAttribute("rel", "nofollow noopener noreferrer");
      continue;
    }
    if (href.startsWith("/")) continue; // a page of this site
    const path = repoRelativePath(links.base ? `${links.base}/${href}` : href);
    if (path === undefined) anchor.removeAttribute("href");
    else anchor.setAttribute("href", links.blob(path));
  }
  for (const media of root.querySelectorAll("img[src], video[src], audio[src], source[src]")) {
    const src = media.getAttribute("src") ?? "";
    if (!ABSOLUTE.test(src) && !src.startsWith("/")) {
      const path = repoRelativePath(links.base ? `${links.base}/${src}` : src);
      if (path === undefined) media.removeAttribute("src");
      else media.setAttribute("src", links.resolve(path));
    }
    media.setAttribute("loading", "lazy");
    media.setAttribute("referrerpolicy", "no-referrer");
    if (media instanceof HTMLImageElement && !media.hasAttribute("alt")) media.setAttribute("alt", "");
    if (media instanceof HTMLMediaElement) media.removeAttribute("autoplay");
  }
}

/** h1 → h2 …; a level never exceeds the previous one by more than one (the page's outline stays valid). */
function shiftHeadings(root: DocumentFragment, baseLevel: number): void {
  let previous = baseLevel - 1;
  for (const heading of root.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const wanted = Number(heading.tagName[1]) + baseLevel - 1;
    const level = Math.min(6, wanted, previous + 1);
    previous = level;
    const replacement = document.createElement(`h${level}`);
    replacement.append(...heading.childNodes);
    const id = heading.getAttribute("id");
    if (id) replacement.setAttribute("id", id);
    heading.replaceWith(replacement);
  }
}

function highlightCode(root: DocumentFragment): void {
  for (const code of root.querySelectorAll("pre > code")) {
    const language = /(?:^|\s)language-([\w-]+)/.exec(code.className)?.[1]?.toLowerCase();
    const mapped = language === undefined ? undefined : fenceLanguage(language);
    if (mapped === undefined) continue;
    const text = code.textContent ?? "";
    const spans = highlight(text, mapped).map((token) => {
      if (token.kind === "plain") return document.createTextNode(token.text);
      const span = document.createElement("span");
      span.className = `tok-${token.kind}`;
      span.textContent = token.text;
      return span;
    });
    code.replaceChildren(...spans);
  }
}

function wrapTables(root: DocumentFragment): void {
  for (const table of root.querySelectorAll("table")) {
    const wrapper = document.createElement("div");
    wrapper.className = "table-scroll";
    wrapper.setAttribute("tabindex", "0");
    wrapper.setAttribute("role", "region");
    wrapper.setAttribute("aria-label", "Table");
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
}

/** The card as a sanitised fragment, ready to be appended to the page (front matter cut). */
export function renderCard(markdown: string, links: CardLinks, baseLevel = 2): DocumentFragment {
  const fragment = sanitize(marked.parse(stripFrontMatter(markdown)) as string);
  finish(fragment, links, baseLevel);
  // Math stays as the author wrote it here (KaTeX is loaded only by the stepped render).
  for (const math of fragment.querySelectorAll(`.${MATH_CLASS}`)) {
    const fence = math.classList.contains("math-display") ? "$$" : "$";
    math.textContent = `${fence}${math.textContent ?? ""}${fence}`;
  }
  return fragment;
}

function finish(fragment: DocumentFragment, links: CardLinks, baseLevel: number): void {
  rewriteUrls(fragment, links);
  shiftHeadings(fragment, baseLevel);
  highlightCode(fragment);
  wrapTables(fragment);
  addCopyButtons(fragment);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * renderCard in three main-thread tasks (parse, sanitise, finish) with a yield between them, so a click or a key
 * press during a big card waits for one stage, not for the whole render. Undefined when `cancelled()` turns true.
 */
export async function renderCardInSteps(
  markdown: string,
  links: CardLinks,
  cancelled: () => boolean,
  baseLevel = 2,
): Promise<DocumentFragment | undefined> {
  await nextTask();
  if (cancelled()) return undefined;
  const html = marked.parse(stripFrontMatter(markdown)) as string;
  await nextTask();
  if (cancelled()) return undefined;
  const fragment = sanitize(html);
  await nextTask();
  if (cancelled()) return undefined;
  finish(fragment, links, baseLevel);
  // KaTeX (a chunk of its own, with its CSS and fonts) is loaded only for a card that has math.
  if (fragment.querySelector(`.${MATH_CLASS}`)) {
    const { renderMath } = await import("./card-math");
    if (cancelled()) return undefined;
    renderMath(fragment);
  }
  return fragment;
}

/**
 * The first `limit` characters of a card, cut at a line end outside a fenced code block so the preview renders as
 * the whole card would; `truncated` says whether anything was left out.
 */
export function cardPreview(markdown: string, limit: number): { text: string; truncated: boolean } {
  if (markdown.length <= limit) return { text: markdown, truncated: false };
  let cut = markdown.lastIndexOf("\n", limit);
  if (cut <= 0) cut = limit;
  // An odd number of fences means the cut is inside a code block: cut before it opened instead.
  let fences = 0;
  let lastFence = -1;
  for (const match of markdown.slice(0, cut).matchAll(/^(?:```|~~~)/gm)) {
    fences++;
    lastFence = match.index;
  }
  if (fences % 2 === 1 && lastFence > 0) cut = lastFence;
  return { text: markdown.slice(0, cut), truncated: true };
}

// Chromium reports a CSP violation ("Executing inline event handler violates …") the moment an `on…` attribute is
// set on an element of *any* document tied to the window, inert ones included: DOMPurify's DOMParser document, a
// template's content, createHTMLDocument, even Element.setHTML. Nothing runs there, but a hostile card logged one
// error per handler (11 000 for a big table). So the handlers must be gone before the HTML is parsed at all.
//
// Instead of finding tags in the string (which needs the whole HTML tree builder to be exact), every "on" that
// could start an attribute name — after whitespace, "/" or a quote, the only places a name can start — gets its
// "o" written as a character reference. The tokenizer does not decode references in attribute names, so `onerror`
// becomes the harmless unknown attribute `&#111;nerror` (DOMPurify drops it); in text and attribute values the
// reference decodes back to "o", so what the reader sees is unchanged. Only raw-text content (script, style,
// comments) would keep the reference, and DOMPurify drops all of that.
const HANDLER_START = /([\t\n\f\r "'/])([oO])(?=[nN])/g;

/** `html` with no attribute name starting with "on"; text and attribute values read the same once parsed. */
export function withoutHandlerNames(html: string): string {
  return html.replace(HANDLER_START, (_, before: string, o: string) => `${before}&#${o.charCodeAt(0)};`);
}

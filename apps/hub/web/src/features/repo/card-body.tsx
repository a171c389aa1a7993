// A rendered card (or any Markdown file of the repository): sanitised DOM built off the first paint, the first
// PREVIEW_CHARS characters first with a "Show the whole card" button, so a 1 MB card never blocks the page.
import { useEffect, useRef, useState } from "react";
import { type CardLinks, cardPreview, renderCardInSteps } from "./card-render";
import "./card.css";

export const PREVIEW_CHARS = 60_000;

export function CardBody({
  markdown,
  links,
  label,
  more,
  showAll = false,
}: {
  markdown: string;
  links: CardLinks;
  label: string;
  /** The text is only the file's start: the button asks for the rest (`total` bytes in all, when known). */
  more?: { total: number | undefined; load: () => void };
  /** Render everything at once (the reader asked for the whole card). */
  showAll?: boolean;
}) {
  const [whole, setWhole] = useState(showAll);
  const [rendered, setRendered] = useState(false);
  const target = useRef<HTMLDivElement>(null);
  // A partial text ends mid-line: render up to its last full line, outside any open code block.
  const preview = more
    ? { text: cardPreview(markdown, Math.max(1, markdown.length - 1)).text, truncated: true }
    : whole
      ? { text: markdown, truncated: false }
      : cardPreview(markdown, PREVIEW_CHARS);
  const size = more ? (more.total ?? markdown.length) : markdown.length;
  useEffect(() => {
    setRendered(false);
    // After the header and tabs are painted, in steps that leave the main thread free between them.
    let cancelled = false;
    renderCardInSteps(preview.text, links, () => cancelled).then((fragment) => {
      if (fragment === undefined || cancelled) return;
      target.current?.replaceChildren(fragment);
      setRendered(true);
    });
    return () => {
      cancelled = true;
    };
  }, [preview.text, links]);
  return (
    <>
      {rendered ? null : (
        <p className="loading" role="status">
          Rendering the {label.toLowerCase()}…
        </p>
      )}
      <div ref={target} className="markdown-body" />
      {preview.truncated && rendered ? (
        <p>
          <button type="button" onClick={() => (more ? more.load() : setWhole(true))}>
            Show the whole {label.toLowerCase()} ({Math.round(size / 1024).toLocaleString("en")} KB)
          </button>
        </p>
      ) : null}
    </>
  );
}

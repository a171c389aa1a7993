// A rendered card (or any Markdown file of the repository): sanitised DOM built off the first paint, the first
// PREVIEW_CHARS characters first with a "Show the whole card" button, so a 1 MB card never blocks the page.
import { useEffect, useRef, useState } from "react";
import { type CardLinks, cardPreview, renderCardInSteps } from "./card-render";

export const PREVIEW_CHARS = 60_000;

export function CardBody({ markdown, links, label }: { markdown: string; links: CardLinks; label: string }) {
  const [whole, setWhole] = useState(false);
  const [rendered, setRendered] = useState(false);
  const target = useRef<HTMLDivElement>(null);
  const preview = whole ? { text: markdown, truncated: false } : cardPreview(markdown, PREVIEW_CHARS);
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
          <button type="button" onClick={() => setWhole(true)}>
            Show the whole {label.toLowerCase()} ({Math.round(markdown.length / 1024).toLocaleString("en")} KB)
          </button>
        </p>
      ) : null}
    </>
  );
}

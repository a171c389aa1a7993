// A comment's text, rendered exactly as cards are (features/repo/card-render.ts: GFM → DOMPurify's strict profile →
// links and headings fixed), so script, event handlers and `javascript:` links are gone before anything reaches the
// page. Comments add two rules of their own: images from other sites are not loaded (a comment must not learn who
// reads it) but kept as links, and only the first MAX_COMMENT_CHARS characters are rendered.
import { useEffect, useMemo, useRef } from "react";
import { renderCard } from "../repo/card-render";
import { markdownLinks, type RepoId } from "../repo/repo-url";

export const MAX_COMMENT_CHARS = 65_536;

/** Other sites' images become links to them (text: the image's alt, or its address). */
function unloadRemoteImages(fragment: DocumentFragment): void {
  for (const image of fragment.querySelectorAll("img")) {
    const src = image.getAttribute("src") ?? "";
    if (src.startsWith("/") && !src.startsWith("//")) continue;
    const link = document.createElement("a");
    if (/^https?:\/\//i.test(src)) {
      link.setAttribute("href", src);
      link.setAttribute("rel", "nofollow noopener noreferrer");
    }
    link.textContent = `[image: ${image.getAttribute("alt") || src || "no address"}]`;
    image.replaceWith(link);
  }
}

export function renderComment(text: string, repo: RepoId, headingLevel: number): DocumentFragment {
  const cut = text.length > MAX_COMMENT_CHARS ? text.slice(0, MAX_COMMENT_CHARS) : text;
  const fragment = renderCard(cut, markdownLinks(repo.type, repo.id, "main"), headingLevel);
  unloadRemoteImages(fragment);
  return fragment;
}

export function CommentBody({ text, repo, headingLevel }: { text: string; repo: RepoId; headingLevel: number }) {
  const target = useRef<HTMLDivElement>(null);
  const { type, id } = repo;
  const fragment = useMemo(() => renderComment(text, { type, id }, headingLevel), [text, type, id, headingLevel]);
  useEffect(() => {
    target.current?.replaceChildren(fragment.cloneNode(true));
  }, [fragment]);
  return (
    <>
      <div ref={target} className="markdown-body comment-body" />
      {text.length > MAX_COMMENT_CHARS ? (
        <p className="muted small">
          This comment is {text.length.toLocaleString("en")} characters long; the first{" "}
          {MAX_COMMENT_CHARS.toLocaleString("en")} are shown.
        </p>
      ) : null}
    </>
  );
}

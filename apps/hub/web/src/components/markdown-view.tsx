// Renders parsed Markdown (lib/markdown.ts) as React elements: no HTML string is ever injected, so markup in the text
// is shown as text. Links are only http(s) or relative (external ones open without a referrer); code blocks are
// highlighted with lib/highlight.ts and copyable.
import { Fragment, type ReactNode } from "react";
import { fenceLanguage } from "../lib/fence-language";
import { type Block, type Inline, parseMarkdown } from "../lib/markdown";
import { CodeBlock } from "./code-block";
import { Link } from "./link";

/**
 * `topLevel` is the heading level the document's largest headings get (e.g. 3 under the section's h2); deeper ones
 * follow without skipping a level, so the page's outline stays in order.
 */
export function MarkdownView({ source, topLevel = 2 }: { source: string; topLevel?: number }) {
  const blocks = parseMarkdown(source);
  const largest = Math.min(...blocks.map((block) => (block.kind === "heading" ? block.level : 6)));
  let previous = topLevel - 1;
  // Keys are positions: the parsed blocks and inlines of a source are a fixed list.
  const elements = blocks.map((block, index) => {
    if (block.kind !== "heading")
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      return <BlockView key={index} block={block} />;
    const level = Math.min(6, Math.max(topLevel, Math.min(block.level - largest + topLevel, previous + 1)));
    previous = level;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Heading key={index} level={level}>
        {renderInlines(block.children)}
      </Heading>
    );
  });
  return <div className="markdown">{elements}</div>;
}

function Heading({ level, children }: { level: number; children: ReactNode }) {
  const Tag = `h${level}` as "h2";
  return <Tag>{children}</Tag>;
}

function BlockView({ block }: { block: Exclude<Block, { kind: "heading" }> }) {
  switch (block.kind) {
    case "paragraph":
      return <p>{renderInlines(block.children)}</p>;
    case "list": {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see MarkdownView
        <li key={index}>{renderInlines(item)}</li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "code": {
      const language = fenceLanguage(block.language) ?? "text";
      return <CodeBlock code={block.text} language={language} label={`${block.language || "code"} example`} />;
    }
    case "rule":
      return <hr />;
  }
}

function renderInlines(inlines: Inline[]): ReactNode[] {
  // Wrapping each inline in a keyed fragment keys them all in one place (texts, too).
  return inlines.map((inline, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: see MarkdownView
    <Fragment key={index}>{renderInline(inline)}</Fragment>
  ));
}

function renderInline(inline: Inline): ReactNode {
  switch (inline.kind) {
    case "text":
      return inline.text;
    case "code":
      return <code>{inline.text}</code>;
    case "strong":
      return <strong>{renderInlines(inline.children)}</strong>;
    case "emphasis":
      return <em>{renderInlines(inline.children)}</em>;
    case "link":
      return <MarkdownLink href={inline.href}>{renderInlines(inline.children)}</MarkdownLink>;
  }
}

function MarkdownLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (href === undefined) return <>{children}</>;
  if (/^https?:/i.test(href))
    return (
      <a href={href} rel="noreferrer">
        {children}
      </a>
    );
  return <Link href={href}>{children}</Link>;
}

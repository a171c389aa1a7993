// Colour contrast of the theme variables in styles.css (WCAG 2.2): text 4.5:1, focus rings and the task colours
// (dots, card borders) 3:1 against the backgrounds they are drawn on, in both themes.
/// <reference types="node" />
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

// Read from disk: Vitest hands a `?raw` CSS import to its CSS pipeline, which empties it.
const css = readFileSync(join(import.meta.dirname, "styles.css"), "utf8");
expect(css).toContain(":root");

/** The custom properties of every `selector { … }` block, later blocks overriding earlier ones. */
function variables(selector: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const block of css.matchAll(/^([^{}\n]+)\{([^}]*)\}/gm)) {
    if (block[1].trim() !== selector) continue;
    for (const [, name, value] of block[2].matchAll(/(--[\w-]+)\s*:\s*(#[0-9a-fA-F]{6})/g)) found.set(name, value);
  }
  return found;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const light = variables(":root");
const themes = { light, dark: new Map([...light, ...variables(':root[data-theme="dark"]')]) };

for (const [name, theme] of Object.entries(themes)) {
  test(`${name} theme: text, links, focus, task and syntax colours are readable`, () => {
    const color = (variable: string) => {
      const value = theme.get(variable);
      expect(value, `${variable} in the ${name} theme`).toBeDefined();
      return value as string;
    };
    const failures: string[] = [];
    const check = (fg: string, bg: string, minimum: number) => {
      const ratio = contrast(color(fg), color(bg));
      if (ratio < minimum) failures.push(`${fg} on ${bg}: ${ratio.toFixed(2)} < ${minimum}`);
    };
    for (const bg of ["--bg", "--bg-soft"]) {
      check("--fg", bg, 4.5);
      check("--fg-muted", bg, 4.5);
      check("--accent", bg, 4.5);
      check("--focus", bg, 3);
    }
    const taskColours = [...theme.keys()].filter((key) => key.startsWith("--c-"));
    const syntaxColours = [...theme.keys()].filter((key) => key.startsWith("--tok-"));
    expect(taskColours).toHaveLength(6);
    expect(syntaxColours.length).toBeGreaterThanOrEqual(7);
    for (const task of taskColours) for (const bg of ["--bg", "--bg-soft"]) check(task, bg, 3);
    for (const token of syntaxColours) check(token, "--code-bg", 4.5);
    expect(failures).toEqual([]);
  });
}

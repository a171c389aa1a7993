// Shared e2e helpers: screenshots under apps/hub/test-results/, in-app navigation, and a guard that fails a test when the page tries to
// reach any host other than the Hubkit server (the site must work without network) or logs an error.
import { resolve } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

export const SCREENSHOT_DIR = resolve(import.meta.dirname, "../test-results/screenshots");

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Opens `path` through the app's own router, as a click on a link does: no full page load, so a sweep over many
 * pages costs one load. Direct loads of each page are covered by pages.spec.ts.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/**
 * Basic accessibility faults of the page as rendered: visible controls without a name (a simplified accessible-name
 * computation: aria-label, aria-labelledby, <label>, title, text, image alt), not exactly one h1, and heading levels
 * that skip (h2 → h4).
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const nameOf = (element: HTMLElement): string => {
      const labelledBy = element.getAttribute("aria-labelledby");
      const labels = (element as HTMLInputElement).labels;
      return (
        element.getAttribute("aria-label") ??
        (labelledBy
          ? labelledBy
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? "")
              .join(" ")
          : labels && labels.length > 0
            ? [...labels].map((label) => label.textContent).join(" ")
            : element.title ||
              element.textContent ||
              [...element.querySelectorAll("img[alt]")].map((image) => image.getAttribute("alt")).join(" "))
      ).trim();
    };
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]");
    for (const control of controls)
      if (control.getClientRects().length > 0 && nameOf(control) === "")
        problems.push(`no accessible name: ${control.outerHTML.slice(0, 120)}`);
    const levels = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
    if (levels.filter((level) => level === 1).length !== 1)
      problems.push(`h1 count ${levels.filter((l) => l === 1).length}`);
    levels.forEach((level, i) => {
      if (i > 0 && level > levels[i - 1] + 1) problems.push(`heading h${levels[i - 1]} → h${level} skips a level`);
    });
    return problems;
  });
}

interface Guard {
  /** Requests to other hosts (blocked) and console errors seen so far. */
  outside: string[];
  errors: string[];
  /** Hosts besides the server that a test allows (e.g. the emulator). */
  allow(origin: string): void;
}

export const test = base.extend<{ guard: Guard }>({
  guard: async ({ page, baseURL }, use) => {
    const allowed = new Set([new URL(baseURL ?? "http://127.0.0.1").origin]);
    const guard: Guard = { outside: [], errors: [], allow: (origin) => allowed.add(new URL(origin).origin) };
    await page.route(
      (url) => !allowed.has(url.origin) && url.protocol.startsWith("http"),
      (route) => {
        guard.outside.push(route.request().url());
        return route.abort("blockedbyclient");
      },
    );
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // The server answers an unknown address with its not-found page and status 404: the browser logs the page's
      // own 404, which is no error of the page (a failed request of the page itself still counts).
      if (message.text().includes("status of 404") && message.location().url === page.url()) return;
      guard.errors.push(message.text());
    });
    page.on("pageerror", (error) => guard.errors.push(error.message));
    await use(guard);
    expect(guard.outside, "the page tried to reach the network").toEqual([]);
    expect(guard.errors, "errors in the browser console").toEqual([]);
  },
});

export { expect };

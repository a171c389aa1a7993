// Helpers the site specs share: unique names, signing up and in through the site's own forms, a second browser
// with its own cookies, and the per-page check (accessibility in light, dark and at phone width, with screenshots).
import type { Browser, Page } from "@playwright/test";
import { accessibilityProblems, expect, screenshot } from "./fixtures";

export const PASSWORD = "correct horse battery";

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export interface CheckPageOptions {
  /** Screenshot names are `<prefix>-<name>-light|dark|phone`. */
  prefix: string;
  /**
   * Let wider content sit inside a box that scrolls or clips it (code blocks, diffs), and instead require that the
   * page itself does not scroll sideways. Without it, no element may reach past the phone's width at all.
   */
  wideInsideScrollers?: boolean;
}

/** Accessibility checks, then screenshots in light, dark and at phone width (nothing may overflow 375 px). */
export async function checkPage(page: Page, name: string, options: CheckPageOptions) {
  const { prefix, wideInsideScrollers = false } = options;
  await page.locator("main h1").first().waitFor();
  expect(await accessibilityProblems(page), name).toEqual([]);
  await screenshot(page, `${prefix}-${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "dark";
  });
  expect(await accessibilityProblems(page), `${name} (dark)`).toEqual([]);
  await screenshot(page, `${prefix}-${name}-dark`);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "light";
  });
  await page.emulateMedia({ colorScheme: "light" });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = await page.evaluate((allowClipped) => {
    const clipped = (element: HTMLElement) => {
      for (let box = element.parentElement; box !== null && box !== document.body; box = box.parentElement)
        if (["auto", "scroll", "hidden"].includes(getComputedStyle(box).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > 376 && !(allowClipped && clipped(element)))
      .map((element) => element.outerHTML.slice(0, 100));
  }, wideInsideScrollers);
  expect(overflow, `${name}: elements wider than the phone`).toEqual([]);
  if (wideInsideScrollers)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page width`).toBeLessThanOrEqual(
      375,
    );
  expect(await accessibilityProblems(page), `${name} (phone)`).toEqual([]);
  await screenshot(page, `${prefix}-${name}-phone`);
  if (size !== null) await page.setViewportSize(size);
}

export async function joinThroughSite(page: Page, user: string) {
  await page.goto("/join");
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("/");
  await expect(page.getByLabel(`Account menu for ${user}`)).toBeVisible();
}

/** A second browser (its own cookies), not guarded: its expected 401/403/404 answers are logged by the browser. */
export async function otherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

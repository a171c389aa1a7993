// Every page renders from the real server, without any outside request, in light and dark themes and at phone
// width; a screenshot of each is saved for review.
import type { Page } from "@playwright/test";
import { accessibilityProblems, expect, openInApp, screenshot, test } from "./fixtures";

const PAGES: Array<{ name: string; path: string; heading: RegExp | string }> = [
  { name: "home", path: "/", heading: "Find a model, then load it or call it" },
  { name: "tasks", path: "/tasks", heading: "Tasks" },
  { name: "task-text-classification", path: "/tasks/text-classification", heading: "Text Classification" },
  { name: "task-token-classification", path: "/tasks/token-classification", heading: "Token Classification" },
  { name: "task-text-generation", path: "/tasks/text-generation", heading: "Text Generation" },
  { name: "libraries", path: "/libraries", heading: "Libraries" },
  { name: "models", path: "/models", heading: "Models" },
  {
    name: "model-llama",
    path: "/models/meta-llama/Llama-3.1-8B-Instruct",
    heading: "meta-llama/Llama-3.1-8B-Instruct",
  },
  { name: "playground", path: "/playground", heading: "Inference playground" },
  { name: "chat-template", path: "/chat-template", heading: "Chat-template playground" },
  { name: "gguf", path: "/gguf", heading: "GGUF quantization" },
  { name: "not-found", path: "/no/such/page", heading: "Page not found" },
];

/** Opens `path` through the app's router and waits until it has finished loading. */
async function visit(page: Page, path: string, heading: RegExp | string): Promise<void> {
  await openInApp(page, path);
  await pageReady(page, heading);
}

async function pageReady(page: Page, heading: RegExp | string): Promise<void> {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

for (const { name, path, heading } of PAGES) {
  test(`${name} renders`, async ({ page, guard }) => {
    await page.goto(path);
    await pageReady(page, heading);
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, `${name}-light`);
    expect(guard.outside).toEqual([]);
  });
}

// The dark and phone passes move between pages through the app's own router (no full page load each time): the
// light pass above already loads every page from scratch.
test("dark theme: the toggle switches and is remembered", async ({ page, guard: _ }) => {
  test.setTimeout(120_000);
  await page.goto("/tasks");
  await page.getByRole("button", { name: /switch to dark theme/i }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  for (const { name, path, heading } of PAGES) {
    await visit(page, path, heading);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await screenshot(page, `${name}-dark`);
  }
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("pages fit the screen", async ({ page, guard: _ }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    for (const { name, path, heading } of PAGES) {
      await visit(page, path, heading);
      // No horizontal scrolling of the page itself (wide code and tables scroll inside their own boxes).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the phone screen`).toBeLessThanOrEqual(1);
      await screenshot(page, `${name}-phone`);
    }
  });
});

test("the task page shows the task's about page: headings, prose and highlighted code", async ({ page, guard: _ }) => {
  await page.goto("/tasks/text-generation");
  const about = page.getByRole("region", { name: "About Text Generation" });
  await expect(about.getByRole("heading", { level: 3, name: "What is text generation?" })).toBeVisible();
  await expect(about.getByRole("heading", { level: 3, name: "Use cases" })).toBeVisible();
  await expect(about.getByRole("listitem").filter({ hasText: "Assistants and chatbots" })).toBeVisible();
  const code = about.getByRole("figure", { name: "python example" }).first();
  await expect(code.locator("pre code")).toContainText('generator = pipeline("text-generation"');
  await expect(code.locator(".tok-keyword").first()).toHaveText("from");
  await expect(code.locator(".tok-string").first()).toHaveText('"text-generation"');
  expect(await accessibilityProblems(page)).toEqual([]); // the about headings keep the outline in order
});

test("the task page shows its demo media from the site itself", async ({ page, guard: _ }) => {
  await page.goto("/tasks/image-segmentation");
  const images = page.locator(".demo img");
  await expect(images.first()).toBeVisible();
  for (const image of await images.all())
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  const audio = await page.request.get("/task-assets/automatic-speech-recognition/speech.wav");
  expect(audio.status()).toBe(200);
  expect((await audio.body()).subarray(0, 4).toString()).toBe("RIFF");
});

test("keyboard: skip link and navigation are reachable with Tab", async ({ page, guard: _ }) => {
  await page.goto("/");
  // React renders after the load event may have fired: wait for the page before pressing keys.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Tasks", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  // The new page's content has the focus, so the next Tab starts there, not back in the header.
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Audio-Text-to-Text" })).toBeFocused();
});

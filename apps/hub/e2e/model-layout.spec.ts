// The model page laid out like the hub's (issue 20 point 5): a wide card and a compact sidebar (downloads graph,
// "Use this model" menu opening one library's snippets at a time, size and tensor types, providers on one line
// each); the card's math through KaTeX, copy buttons on code blocks, the model-index evaluation table, tags shown
// once; nothing wider than a 390 px phone.
import { checkPage } from "./accounts";
import { accessibilityProblems, expect, test } from "./fixtures";
import { commit, createRepo, newWriter, tinySafetensors } from "./repo-api";

const README = `---
license: mit
library_name: transformers
pipeline_tag: fill-mask
tags:
  - layout-demo
datasets:
  - glue
model-index:
  - name: layout-demo
    results:
      - task:
          type: text-classification
          name: Text Classification
        dataset:
          type: glue
          name: GLUE SST-2
          split: validation
        metrics:
          - type: accuracy
            value: 0.9134
            name: Accuracy
            verified: true
          - type: f1
            value: 0.88
            name: F1
---
# Layout demo

The energy is $E = mc^2$, and the sum is

$$
\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}
$$

It costs $5 and $10 a month.

\`\`\`python
from transformers import pipeline
print(pipeline("fill-mask", model="layout-demo")("Paris is the [MASK] of France.") + "a long line that goes on and on and on and on and on and on")
\`\`\`

| ${Array.from({ length: 14 }, (_, i) => `column ${i}`).join(" | ")} |
| ${Array.from({ length: 14 }, () => "---").join(" | ")} |
| ${Array.from({ length: 14 }, (_, i) => `value ${i}`).join(" | ")} |
`;

let id = "";

test.beforeAll(async ({ request }) => {
  const { user, token } = await newWriter(request, "layout");
  await createRepo(request, token, "layout-demo");
  id = `${user}/layout-demo`;
  await commit(request, token, `/api/models/${id}`, "a card with math, code, a wide table and results", [
    { path: "README.md", content: README },
    { path: "config.json", content: JSON.stringify({ architectures: ["BertForMaskedLM"], model_type: "bert" }) },
    { path: "model.safetensors", content: tinySafetensors() },
  ]);
});

test("desktop: a wide card, a compact sidebar, KaTeX math, the evaluation table and tags once", async ({
  page,
  guard: _,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/models/${id}`);
  const card = page.locator(".markdown-body");
  await expect(card.locator(".math-inline .katex")).toHaveCount(1);
  await expect(card.locator(".math-display .katex-display")).toHaveCount(1);
  await expect(card.locator(".math-display .mfrac").first()).toBeVisible();
  await expect(card).toContainText("It costs $5 and $10 a month.");
  // KaTeX's own fonts are bundled and loaded from this site (the guard fails on any outside request).
  expect(await page.evaluate(() => document.fonts.check("16px KaTeX_Main"))).toBe(true);

  const sidebar = page.getByRole("complementary", { name: "About this model" });
  await expect(sidebar.getByRole("heading", { name: "Downloads last month" })).toBeVisible();
  await expect(sidebar.getByText(/^\d+ downloads?$/)).toBeVisible();
  await expect(sidebar.getByText("Model size")).toBeVisible();
  await expect(sidebar.getByText("Tensor type")).toBeVisible();
  await expect(sidebar.locator(".tensor-types")).toContainText("F32");
  const sidebarBox = await sidebar.boundingBox();
  const cardBox = await page.getByRole("region", { name: "Model card" }).boundingBox();
  expect(sidebarBox?.height, "sidebar height").toBeLessThanOrEqual(1.5 * 800);
  expect(cardBox?.width ?? 0, "card width").toBeGreaterThan(2 * (sidebarBox?.width ?? 0));

  const results = page.getByRole("region", { name: "Evaluation results table" });
  const row = results.getByRole("row").filter({ hasText: "Accuracy" });
  await expect(row).toContainText("Text Classification");
  await expect(row).toContainText("GLUE SST-2");
  await expect(row).toContainText("0.9134");
  await expect(row).toContainText("verified");
  await expect(results.getByRole("row").filter({ hasText: "F1" })).toContainText("self-reported");

  // Tags once: the license is the header's License chip, never also a raw "license:mit" chip or metadata row.
  const chips = page.getByRole("list", { name: "Tags" });
  await expect(chips.getByRole("link", { name: /\bmit$/ })).toHaveCount(1);
  await expect(chips.getByText(/^license:/)).toHaveCount(0);
  await expect(page.locator(".card-metadata th", { hasText: /^(tags|license|model-index)$/ })).toHaveCount(0);
});

test("'Use this model' by keyboard opens one library's snippets; Escape gives the focus back", async ({
  page,
  guard: _,
}) => {
  await page.goto(`/models/${id}`);
  const use = page.getByRole("button", { name: "Use this model" });
  await use.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Use this model" });
  await expect(menu).toBeVisible();
  await expect(page.getByRole("menuitem").first()).toBeFocused();
  const transformers = menu.getByRole("menuitem", { name: "Transformers" });
  for (let step = 0; step < 10 && !(await transformers.evaluate((item) => item === document.activeElement)); step++)
    await page.keyboard.press("ArrowDown");
  await expect(transformers).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Transformers · ${id}` });
  await expect(dialog).toBeVisible();
  await expect(menu).toHaveCount(0);
  // One library, not every snippet of every library stacked.
  await expect(dialog.locator(".library-snippets:visible")).toHaveCount(1);
  await expect(dialog.locator(".library-snippets:visible")).toContainText("from transformers import");
  await expect(page.getByRole("heading", { name: "Local apps" })).toHaveCount(0);
  expect(await accessibilityProblems(page), "with the dialog open").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(use).toBeFocused();
  // Escape in the menu closes it and returns the focus too.
  await page.keyboard.press("ArrowDown");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(use).toBeFocused();
  // A local app's commands in the dialog (a seeded GGUF model): one app's panel, no skipped heading level.
  const gguf: Array<{ id: string }> = await (await page.request.get("/api/models?library=gguf&limit=1")).json();
  await page.goto(`/${gguf[0]?.id}`);
  await page.getByRole("button", { name: "Use this model" }).click();
  await menu.getByRole("menuitem", { name: "llama.cpp", exact: true }).click();
  const app = page.getByRole("dialog", { name: `llama.cpp · ${gguf[0]?.id}` });
  await expect(app.getByRole("tabpanel")).toHaveCount(1);
  expect(await accessibilityProblems(page), "with a local app open").toEqual([]);
  await app.getByRole("button", { name: "Close" }).click();
  await expect(app).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Use this model" })).toBeFocused();
});

test("a card's code block copies by keyboard and says Copied", async ({ page, context, guard: _ }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/models/${id}`);
  const copy = page.getByRole("button", { name: "Copy the python code" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(copy).toHaveText("Copied");
  await expect(page.locator(".card-code [role=status]")).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('from transformers import pipeline\nprint(pipeline("fill-mask"');
  // The button sits above the code, not over it.
  const buttonBox = await copy.boundingBox();
  const codeBox = await page.locator(".card-code pre").first().boundingBox();
  expect((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0)).toBeLessThanOrEqual((codeBox?.y ?? 0) + 1);
});

test("390 px phone: nothing wider than the screen, providers on one line each; light, dark, a11y", async ({
  page,
  guard: _,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/models/${id}`);
  await expect(page.locator(".markdown-body .katex").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A seed model with many providers: their ids never wrap letter by letter, and nothing is cut off.
  await page.goto("/models/meta-llama/Llama-3.1-8B-Instruct");
  const ids = page.locator(".provider-id");
  await expect(ids.first()).toBeVisible();
  for (const box of await ids.evaluateAll((items) =>
    items.filter((item) => item.getClientRects().length > 0).map((item) => item.getBoundingClientRect()),
  ))
    expect(box.height, "a provider id on one line").toBeLessThan(24);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/models/${id}`);
  await expect(page.locator(".markdown-body .katex").first()).toBeVisible();
  await checkPage(page, "model", { prefix: "model-layout", wideInsideScrollers: true });
});

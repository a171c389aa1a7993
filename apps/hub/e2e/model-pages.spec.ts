// A sweep over different kinds of models of the index (one per task type, plus GGUF, diffusers and LoRA repos):
// each model page renders its sections without a console error or an outside request. The pages are opened through
// the app's router, as from the search results, so the sweep costs one page load.
import { expect, openInApp, test } from "./fixtures";

test("model pages of many kinds of models render", async ({ page, guard: _ }) => {
  test.setTimeout(180_000);
  const ids = new Set<string>();
  const tasks: Record<string, unknown> = await (await page.request.get("/api/tasks")).json();
  for (const task of Object.keys(tasks)) {
    const models = await (await page.request.get(`/api/models?pipeline_tag=${task}&limit=1`)).json();
    if (models[0]) ids.add(models[0].id);
  }
  for (const query of ["library=gguf", "library=diffusers", "filter=lora", "library=sentence-transformers"]) {
    const models = await (await page.request.get(`/api/models?${query}&limit=1`)).json();
    if (models[0]) ids.add(models[0].id);
  }
  expect(ids.size).toBeGreaterThan(40);
  await page.goto("/models");
  for (const id of ids) {
    await openInApp(page, `/models/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: id, exact: true }), id).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Use this model" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Inference providers" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Try it" })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    // No snippet generator or local app failed on this model.
    const failures = await page.locator("main .error").allTextContents();
    expect(failures, id).toEqual([]);
  }
});

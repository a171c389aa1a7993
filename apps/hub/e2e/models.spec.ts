// Model search and filters against the real API, pagination, and the model page's snippets copied to the clipboard.
import { expect, test } from "./fixtures";

test("search, filters and pagination", async ({ page, guard: _ }) => {
  await page.goto("/models");
  const list = page.getByRole("list", { name: "Models" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  // a.model-id: the repository links (each row also links its owner's page)
  const firstPage = await list.locator("a.model-id").allTextContents();
  expect(firstPage.length).toBe(30);

  await page.getByRole("button", { name: "Next page →" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect.poll(async () => (await list.locator("a.model-id").allTextContents())[0]).not.toBe(firstPage[0]);
  const secondPage = await list.locator("a.model-id").allTextContents();
  expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);

  await page.getByRole("searchbox", { name: "Search" }).fill("qwen");
  await expect(page).toHaveURL(/search=qwen/);
  await expect(page).not.toHaveURL(/cursor=/);
  await expect.poll(async () => (await list.locator("a.model-id").allTextContents()).length).toBeGreaterThan(0);
  for (const id of await list.locator("a.model-id").allTextContents()) expect(id.toLowerCase()).toContain("qwen");

  await page.getByLabel("Task").selectOption("text-generation");
  await expect(page).toHaveURL(/pipeline_tag=text-generation/);
  await expect(list.getByText("Text Generation").first()).toBeVisible();
  const chips = await list.locator(".chip").allTextContents();
  expect(chips.length).toBeGreaterThan(0);
  for (const chip of chips) expect(chip).toBe("Text Generation");

  await page.getByLabel("Provider").selectOption("together");
  await expect(page).toHaveURL(/provider=together/);
  await expect.poll(async () => (await list.locator("a.model-id").allTextContents()).length).toBeGreaterThan(0);
  const ids = await list.locator("a.model-id").allTextContents();
  // Each listed model really has a together mapping.
  for (const id of ids.slice(0, 3)) {
    const record = await (await page.request.get(`/api/models/${id}?expand[]=inferenceProviderMapping`)).json();
    expect(Object.keys(record.inferenceProviderMapping)).toContain("together");
  }

  // Back restores the previous filters.
  await page.goBack();
  await expect(page).not.toHaveURL(/provider=/);
  await expect(page.getByLabel("Provider")).toHaveValue("");
});

test("library filter and an empty result", async ({ page, guard: _ }) => {
  await page.goto("/models?library=diffusers");
  const list = page.getByRole("list", { name: "Models" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByLabel("Library")).toHaveValue("diffusers");
  const metas = await list.locator(".model-meta").allTextContents();
  expect(metas.length).toBe(await list.getByRole("listitem").count());
  for (const text of metas) expect(text).toContain("diffusers");
  await page.getByRole("searchbox", { name: "Search" }).fill("zzzz-no-such-model");
  await expect(page.getByText("No model matches these filters.")).toBeVisible();
});

test.describe("clipboard", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("copying a library snippet copies exactly its code", async ({ page, guard: _ }) => {
    await page.goto("/models/meta-llama/Llama-3.1-8B-Instruct");
    // "Use this model" is a menu: each library's snippets open on their own in a dialog.
    await page.getByRole("button", { name: "Use this model" }).click();
    await page.getByRole("menuitem", { name: "Transformers" }).click();
    const block = page.getByRole("figure", { name: "Transformers snippet 1" });
    await expect(block).toBeVisible();
    const shown = await block.locator("pre").innerText();
    expect(shown).toContain('"meta-llama/Llama-3.1-8B-Instruct"');
    await block.getByRole("button", { name: "Copy" }).click();
    await expect(block.getByRole("button", { name: "Copied" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
  });

  test("local apps: the GGUF file picked fills the commands", async ({ page, guard: _ }) => {
    const models = await (await page.request.get("/api/models?library=gguf&limit=5")).json();
    expect(models.length).toBeGreaterThan(0);
    const id: string = models[0].id;
    await page.goto(`/models/${id}`);
    await page.getByRole("button", { name: "Use this model" }).click();
    await page.getByRole("menu").getByRole("menuitem").filter({ hasText: "llama.cpp" }).first().click();
    const picker = page.getByLabel("GGUF file");
    await expect(picker).toBeVisible();
    const files = await picker
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const file = files.find((name) => /Q8_0/i.test(name)) ?? files[files.length - 1];
    await picker.selectOption(file);
    // Arrow keys move between the app tabs.
    const tabs = page.getByRole("tab");
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Ollama" }).click();
    const run = page.getByRole("figure", { name: /run/ }).first();
    const quant = /(Q\d_K_[SML]|Q\d_\d|IQ\w+|F16|BF16)/i.exec(file)?.[1];
    await expect(run).toContainText(`hf.co/${id}${quant ? `:${quant.toUpperCase()}` : ""}`);
    await run.getByRole("button", { name: "Copy" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`ollama run hf.co/${id}`);
  });

  test("inference panel: language, client, provider and stream pick the snippet that is copied", async ({
    page,
    guard: _,
  }) => {
    await page.goto("/models/meta-llama/Llama-3.1-8B-Instruct");
    await page.getByRole("button", { name: "Use this model" }).click();
    await page.getByRole("menuitem", { name: "Inference providers" }).click();
    const panel = page.locator(".snippet-panel");
    test.skip(
      (await page.getByText("API snippets are not available").count()) > 0,
      "no snippet generator in this build",
    );
    await expect(panel).toBeVisible();
    await panel.getByRole("group", { name: "Language" }).getByRole("button", { name: "cURL" }).click();
    const code = panel.getByRole("figure", { name: /sh curl snippet/ });
    await expect(code).toContainText("curl");
    await expect(code).toContainText("$HF_TOKEN");
    await panel.getByLabel("Stream").check();
    await expect(code).toContainText('"stream": true');
    const shown = await code.locator("pre").innerText();
    await code.getByRole("button", { name: "Copy" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  });
});

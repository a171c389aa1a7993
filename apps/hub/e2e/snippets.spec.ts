// Issue 20 point 6 in the built site: "Use this model" snippets copied alone download from THIS hub (the page's own
// origin), tools that only reach huggingface.co say so, and a task page links the example repositories this hub has.
import { accessibilityProblems, expect, test } from "./fixtures";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a library snippet copied alone sets HF_ENDPOINT to this hub before its import", async ({
  page,
  baseURL,
  guard: _,
}) => {
  await page.goto("/hubkit/tiny-random-gpt2");
  await page.getByRole("button", { name: "Use this model" }).click();
  await page.getByRole("menuitem", { name: "Transformers" }).click();
  const block = page.getByRole("figure", { name: "Transformers snippet 1" });
  await expect(block).toBeVisible();
  await block.getByRole("button", { name: "Copy" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const lines = copied.split("\n");
  expect(lines[0]).toBe("import os");
  expect(lines[1]).toContain(`os.environ["HF_ENDPOINT"] = "${baseURL}"`);
  expect(copied.indexOf("HF_ENDPOINT")).toBeLessThan(copied.indexOf("from transformers import"));
  expect(copied).toContain('"hubkit/tiny-random-gpt2"');
});

test("local apps: llama.cpp reads MODEL_ENDPOINT, Ollama and the deep-link apps say they reach huggingface.co only", async ({
  page,
  baseURL,
  guard: _,
}) => {
  const models = await (await page.request.get("/api/models?library=gguf&limit=5")).json();
  const id: string = models.find((model: { id: string }) => model.id !== "hubkit/tiny-random-gguf")?.id ?? models[0].id;
  await page.goto(`/${id}`);
  await page.getByRole("button", { name: "Use this model" }).click();
  await page.getByRole("menu").getByRole("menuitem").filter({ hasText: "llama.cpp" }).first().click();
  await page.getByRole("tab", { name: "llama.cpp" }).click();
  const run = page.getByRole("figure", { name: /run/ }).first();
  await expect(run).toContainText(`MODEL_ENDPOINT=${baseURL}/ `);
  await run.getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`^MODEL_ENDPOINT=${baseURL?.replaceAll(".", "\\.")}/ .*-hf ${id}`, "m"),
  );

  await page.getByRole("tab", { name: "Ollama" }).click();
  await expect(page.getByRole("figure", { name: /run/ }).first()).toContainText("# Hosted hub only: Ollama");
  await page.getByRole("tab", { name: "LM Studio" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Hosted hub only: LM Studio opens models from huggingface.co");
  expect(await accessibilityProblems(page)).toEqual([]);
});

test("a task page links the example repositories this hub has here, the others to huggingface.co", async ({
  page,
  guard: _,
}) => {
  await page.goto("/tasks/text-generation");
  const models = page.getByRole("region", { name: "Models" });
  // The seed has meta-llama/Llama-3.1-8B-Instruct: its link is this site's page.
  const local = models.getByRole("link", { name: "meta-llama/Llama-3.1-8B-Instruct", exact: true });
  await expect(local).toHaveAttribute("href", "/meta-llama/Llama-3.1-8B-Instruct");
  // A dataset the seed does not have goes to the hosted hub, and says so.
  const datasets = page.getByRole("region", { name: "Datasets" });
  const external = datasets.getByRole("link", { name: /^HuggingFaceFW\/fineweb on huggingface\.co/ });
  await expect(external).toHaveAttribute("href", "https://huggingface.co/datasets/HuggingFaceFW/fineweb");
  await local.click();
  await expect(page).toHaveURL(/\/meta-llama\/Llama-3\.1-8B-Instruct$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Llama-3.1-8B-Instruct");
});

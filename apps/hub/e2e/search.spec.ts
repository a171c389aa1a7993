// Search finds what was typed (issue 20 point 2), in the global search (Ctrl-K) and the models list: letters and
// digits joined or not ("llama3" = "llama 3"), one typo forgiven ("lama 3"), the exact name first ("gpt2" →
// openai-community/gpt2, the canonical repository of the legacy id, before jbloom/GPT2-Small-SAEs-Reformatted),
// names starting with the search before ids that merely hold its words.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function quickSearch(page: Page, text: string) {
  const dialog = page.getByRole("dialog", { name: "Search the hub" });
  if (!(await dialog.isVisible())) await page.keyboard.press("Control+k");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox").fill(text);
  return dialog.getByRole("listbox").getByRole("group", { name: "Models" }).getByRole("option");
}

test("Ctrl-K: the model typed comes first, with or without separators or one typo", async ({ page, guard: _ }) => {
  await page.goto("/models");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const gpt2 = await quickSearch(page, "gpt2");
  await expect(gpt2.first()).toContainText("openai-community/gpt2");

  // Wait for this search's answer (the previous one stays until it arrives), then check every row.
  const llama3 = await quickSearch(page, "llama3");
  await expect(llama3.first()).toContainText(/llama-?3/i);
  for (const text of await llama3.allTextContents()) expect(text).toMatch(/llama-?3/i);

  const typo = await quickSearch(page, "lama 3");
  await expect(typo.first()).toContainText(/llama-?3/i);
  for (const text of await typo.allTextContents()) expect(text).toMatch(/llama-?3/i);

  const exact = await quickSearch(page, "Llama-3.1-8B-Instruct");
  await expect(exact.first()).toContainText("meta-llama/Llama-3.1-8B-Instruct");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /Llama-3\.1-8B-Instruct/ })).toBeVisible();
});

test("the models list ranks the exact name first", async ({ page, guard: _ }) => {
  await page.goto("/models?search=gpt2");
  const rows = page.locator("li.model-row");
  await expect(rows.first()).toContainText("openai-community/gpt2");
  await page.goto("/models?search=lama%203");
  await expect(rows.first()).toContainText(/llama-?3/i);
});

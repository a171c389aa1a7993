// The chat-template playground renders a real model's template with @hubkit/jinja and shows errors at their place.
import { expect, test } from "./fixtures";

test("renders a real chat template and shows a template error's line and column", async ({ page, guard: _ }) => {
  await page.goto("/chat-template");
  await page.getByLabel("Model").selectOption("meta-llama/Llama-3.1-8B-Instruct");
  await expect(page).toHaveURL(/model=meta-llama/);
  const prompt = page.getByTestId("rendered-prompt");
  await expect(prompt).toContainText("<|start_header_id|>system<|end_header_id|>");
  await expect(prompt).toContainText("You are a helpful assistant.<|eot_id|>");
  await expect(prompt).toContainText("<|start_header_id|>user<|end_header_id|>\n\nAnd of Italy?<|eot_id|>");
  // add_generation_prompt appends the assistant header; unchecking removes it.
  await expect(prompt).toHaveText(/<\|start_header_id\|>assistant<\|end_header_id\|>\n\n$/);
  await page.getByRole("checkbox", { name: "add_generation_prompt" }).uncheck();
  await expect(prompt).toHaveText(/And of Italy\?<\|eot_id\|>$/);

  // Messages are editable.
  const messages = page.getByRole("textbox", { name: "Messages (JSON)" });
  await messages.fill('[{"role": "user", "content": "Bonjour"}]');
  await expect(prompt).toContainText("Bonjour<|eot_id|>");

  // A broken template: the error names its line and column, and "Go to the error" selects that spot.
  const template = page.getByRole("textbox", { name: "Template", exact: true });
  await template.fill("Hello\n{% for m in messages %}\n{{ m.content }\n{% endfor %}");
  const error = page.getByTestId("template-error");
  await expect(error).toBeVisible();
  await expect(error).toContainText(/Line 3, column \d+/);
  await page.getByRole("button", { name: "Go to the error" }).click();
  const caretLine = await template.evaluate(
    (area: HTMLTextAreaElement) => area.value.slice(0, area.selectionStart).split("\n").length,
  );
  expect(caretLine).toBe(3);
  await expect(template).toHaveAttribute("aria-invalid", "true");

  // Invalid messages JSON is reported as such.
  await template.fill("{{ messages | length }}");
  await expect(prompt).toHaveText("1");
  await messages.fill("[{");
  await expect(page.getByTestId("template-error")).toContainText("messages is not valid JSON");
});

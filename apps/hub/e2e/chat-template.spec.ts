// The chat-template playground renders a real model's template with @hubkit/jinja and shows errors at their place.
import { expect, openInApp, test } from "./fixtures";

// A model whose chat template is hostile: list repetition that took seconds on the main thread, then 10^10 loop
// iterations that only a budget or a deadline stops. The test serves it in place of the API's answer for this id,
// so the shared seed stays free of it.
const HOSTILE_ID = "hostile-e2e/frozen-template";
const HOSTILE_TEMPLATE =
  "{{ ([0] * 60000)|length }}{% for i in range(100000) %}{% for j in range(100000) %}{{ j }}{% endfor %}{% endfor %}";

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

test("a hostile chat template never freezes the page: it renders in a worker with a deadline", async ({
  page,
  guard: _,
}) => {
  await page.route(
    (url) => url.pathname === `/api/models/${HOSTILE_ID}`,
    (route) =>
      route.fulfill({
        json: {
          id: HOSTILE_ID,
          pipeline_tag: "text-generation",
          tags: ["conversational"],
          config: { tokenizer_config: { chat_template: HOSTILE_TEMPLATE, bos_token: "<s>", eos_token: "</s>" } },
        },
      }),
  );
  await page.goto("/chat-template");
  await expect(page.getByTestId("rendered-prompt")).toContainText("<|assistant|>");
  // How long each click waited for the main thread: from the input event's creation to its handler.
  await page.evaluate(() => {
    const delays: number[] = [];
    Object.assign(window, { clickDelays: delays });
    document.addEventListener("click", (event) => delays.push(performance.now() - event.timeStamp), true);
  });
  const checkbox = page.getByRole("checkbox", { name: "add_generation_prompt" });
  const box = await checkbox.boundingBox();
  if (box === null) throw new Error("the add_generation_prompt checkbox is not on screen");

  await openInApp(page, `/chat-template?model=${encodeURIComponent(HOSTILE_ID)}`);
  const template = page.getByRole("textbox", { name: "Template", exact: true });
  await expect(template).toHaveValue(HOSTILE_TEMPLATE);
  const answered: number[] = [];
  for (let click = 0; click < 3; click += 1) {
    await page.waitForTimeout(300); // past the debounce: a render is running now
    // A raw mouse click (no actionability checks, which would wait for the main thread): CDP acknowledges it once
    // the page has handled it, so its duration is how long the page kept the user waiting.
    const started = performance.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    answered.push(performance.now() - started);
  }
  const delays = await page.evaluate(() => (window as unknown as { clickDelays: number[] }).clickDelays);
  expect(delays).toHaveLength(3);
  console.log(
    `[e2e] click delays in page ${delays.map(Math.round).join(", ")} ms; answered in ${answered.map(Math.round).join(", ")} ms`,
  );
  for (const delay of [...delays, ...answered]) expect(delay).toBeLessThan(100);
  await expect(checkbox).not.toBeChecked(); // three toggles from checked

  // The render ends in an error (the engine's limit or the worker's deadline), not a frozen tab …
  await expect(page.getByTestId("template-error")).toContainText(/limit|took longer than/, { timeout: 10_000 });
  // … and the next template renders in a fresh worker.
  await template.fill("{{ messages | length }}");
  await expect(page.getByTestId("rendered-prompt")).toHaveText("4");
});

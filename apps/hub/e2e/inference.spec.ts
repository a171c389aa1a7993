// The try-it widget calls @hubkit/inference in the browser and streams a chat answer from a custom
// OpenAI-compatible endpoint: @hubkit/emulator started on a free loopback port.

import { type RunningEmulator, startEmulatorProcess } from "./emulator";
import { expect, screenshot, test } from "./fixtures";

let emulator: RunningEmulator;
test.beforeAll(async () => {
  emulator = await startEmulatorProcess();
});
test.afterAll(async () => {
  await emulator?.stop();
});

test("playground: a chat answer streams from a custom endpoint", async ({ page, guard }) => {
  guard.allow(emulator.url);
  await page.goto("/playground");
  await page.getByLabel("Endpoint URL").fill(`${emulator.url}/v1`);
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("Hi there");
  await box.press("Enter");
  const answer = page.getByTestId("assistant-message").last();
  await expect(answer).toHaveText("Hello from the emulator! You said: Hi there");
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  // A second turn sends the whole conversation.
  await box.fill("And again");
  await box.press("Enter");
  await expect(page.getByTestId("assistant-message")).toHaveCount(2);
  await expect(page.getByTestId("assistant-message").last()).toContainText("You said: And again");
  await screenshot(page, "playground-chat");
});

test("model page: try-it chats with the endpoint; the token stays in the tab", async ({ page, guard }) => {
  guard.allow(emulator.url);
  await page.goto("/models/meta-llama/Llama-3.1-8B-Instruct");
  // The try-it widget is folded in the model page's sidebar until asked for.
  await page.getByRole("button", { name: "Send a request to this model" }).click();
  await page.getByLabel("My OpenAI-compatible endpoint").check();
  await page.getByLabel("Endpoint URL").fill(emulator.url);
  await page.getByLabel("API key (optional)").fill("my-local-key");
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("Ping");
  await box.press("Enter");
  await expect(page.getByTestId("assistant-message").last()).toHaveText("Hello from the emulator! You said: Ping");
  // Not remembered unless asked: nothing in sessionStorage.
  expect(await page.evaluate(() => sessionStorage.getItem("hubkit-credentials"))).toBeNull();
  await page.getByLabel(/Remember in this tab/).check();
  expect(await page.evaluate(() => sessionStorage.getItem("hubkit-credentials"))).toContain("my-local-key");
});

test("an unreachable endpoint gives a clear error", async ({ page, guard }) => {
  await page.goto("/playground");
  // A closed port on loopback: nothing listens there.
  const closed = "http://127.0.0.1:9/v1";
  guard.allow(closed);
  await page.getByLabel("Endpoint URL").fill(closed);
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("Hello?");
  await box.press("Enter");
  await expect(page.getByRole("alert")).toContainText(/cannot be reached/);
  guard.errors.length = 0; // the browser logs the refused connection itself
});

test("task widget: a classification answer from an endpoint is drawn as a chart", async ({ page, guard }) => {
  guard.allow(emulator.url);
  const id = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";
  await page.goto(`/models/${id}`);
  // The try-it widget is folded in the model page's sidebar until asked for.
  await page.getByRole("button", { name: "Send a request to this model" }).click();
  await page.getByLabel("My own endpoint").check();
  await page.getByLabel("Endpoint URL").fill(`${emulator.url}/hf-inference/models/${id}`);
  // The example input comes from the catalogue.
  await expect(page.getByRole("textbox", { name: "Input", exact: true })).toHaveValue(/.+/);
  await page.getByRole("button", { name: "Compute" }).click();
  const chart = page.locator(".try-it").getByRole("list", { name: "Scores" });
  await expect(chart.getByRole("listitem").first()).toBeVisible();
  const scores = await chart.locator(".score-value").allTextContents();
  expect(scores.length).toBeGreaterThan(0);
  // The emulator's answer, drawn as probabilities: three decimals each, between 0 and 1.
  for (const score of scores) expect(score).toMatch(/^(0\.\d{3}|1\.000)$/);
  await screenshot(page, "model-try-it-chart");
});

test("provider mode without network: the mapping comes from this site, the call fails clearly", async ({
  page,
  guard,
}) => {
  await page.goto("/models/meta-llama/Llama-3.1-8B-Instruct");
  // The try-it widget is folded in the model page's sidebar until asked for.
  await page.getByRole("button", { name: "Send a request to this model" }).click();
  await page.getByRole("combobox", { name: "Provider", exact: true }).selectOption("together");
  await page.getByLabel("Access token (hf_… or a provider key)").fill("hf_test_token");
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill("Hello");
  const lookup = page.waitForRequest((request) =>
    request.url().includes("/api/models/meta-llama/Llama-3.1-8B-Instruct?expand"),
  );
  await box.press("Enter");
  await lookup;
  await expect(page.getByRole("alert")).toContainText(/cannot be reached/);
  // The only outside request was the router call, which the test network refused.
  expect(guard.outside).toEqual(["https://router.huggingface.co/together/v1/chat/completions"]);
  guard.outside.length = 0;
  guard.errors.length = 0;
});

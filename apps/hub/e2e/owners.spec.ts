// Owner pages and errors (issue 20 points 1 and 7) in Chromium against the real server: a seed organization's page
// and a signed-up user's (avatar initial, full name, kind, repositories by type with exact counts, members), where a
// private repository shows to its owner only — a stranger sees neither it nor it in the counts, and its page answers
// 404 with the site's not-found page exactly as a missing one does. Unknown pages and owners are 404 too. Owner and
// author names link to the owner's page from list rows, search results, space cards and discussions. Each page is
// checked for accessibility in light, dark and at phone width, and walked by keyboard.
import type { APIRequestContext, Page } from "@playwright/test";
import { checkPage, otherBrowser, PASSWORD, unique } from "./accounts";
import { expect, test } from "./fixtures";

const OPTIONS = { prefix: "owners" } as const;

interface Overview {
  numModels: number;
  numDatasets: number;
  numSpaces: number;
  fullname?: string;
}

async function joinByApi(request: APIRequestContext, user: string, fullname: string): Promise<string> {
  const response = await request.post("/api/web/join", { data: { username: user, password: PASSWORD, fullname } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function createByApi(request: APIRequestContext, csrf: string, name: string, type: string, isPrivate = false) {
  const response = await request.post("/api/repos/create", {
    headers: { "X-CSRF-Token": csrf },
    data: { name, type, private: isPrivate },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Goes to `path` by a full page load and returns the HTTP status the server gave the page. */
async function load(page: Page, path: string): Promise<number> {
  const response = await page.goto(path);
  return response?.status() ?? 0;
}

async function typeHeading(page: Page, label: string) {
  return (await page.getByRole("heading", { level: 2, name: new RegExp(`^${label} \\(`) }).textContent()) ?? "";
}

/** Presses Tab until the focused element is `target` (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("the element was not reached by Tab");
}

test("a seed organization's page: initial, kind, members, repositories by type with counts, by keyboard", async ({
  page,
  guard: _,
}) => {
  const overview = (await (await page.request.get("/api/organizations/meta-llama/overview")).json()) as Overview;
  expect(overview.numModels).toBeGreaterThan(0);
  expect(await load(page, "/meta-llama")).toBe(200);
  const header = page.locator(".profile-header");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(overview.fullname || "meta-llama");
  await expect(header.locator(".avatar")).toHaveText("M");
  await expect(header).toContainText("Organization since");
  await expect(page.getByRole("heading", { level: 2, name: "Members" })).toBeVisible();
  expect(await typeHeading(page, "Models")).toBe(`Models (${overview.numModels})`);
  expect(await typeHeading(page, "Datasets")).toBe(`Datasets (${overview.numDatasets})`);
  expect(await typeHeading(page, "Spaces")).toBe(`Spaces (${overview.numSpaces})`);
  const model = page.getByRole("link", { name: "meta-llama/Llama-3.1-8B-Instruct", exact: true });
  await expect(model).toBeVisible();
  await checkPage(page, "seed-org", OPTIONS);

  // By keyboard: Tab to the model, Enter opens it; its header's owner link leads back.
  await tabTo(page, model);
  await page.keyboard.press("Enter");
  await page.waitForURL("/meta-llama/Llama-3.1-8B-Instruct");
  const owner = page.locator(".repo-title").getByRole("link", { name: "meta-llama", exact: true });
  await tabTo(page, owner);
  await page.keyboard.press("Enter");
  await page.waitForURL("/meta-llama");
  await expect(page.getByRole("heading", { level: 2, name: "Members" })).toBeVisible();
});

test("a user's page: full name, counts and a private repository only its owner sees; 404 for others", async ({
  page,
  browser,
  baseURL,
}) => {
  // No console guard: the pages of what a stranger may not see answer 404 (and their API calls 401/404) by design.
  test.setTimeout(90_000);
  const user = unique("own");
  const csrf = await joinByApi(page.request, user, "Ada Owner");
  await createByApi(page.request, csrf, "open-model", "model");
  await createByApi(page.request, csrf, "secret-model", "model", true);
  await createByApi(page.request, csrf, "open-data", "dataset");

  // The owner: both models, the private one badged, exact counts.
  expect(await load(page, `/${user}`)).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Ada Owner" })).toBeVisible();
  await expect(page.locator(".profile-header .avatar")).toHaveText(user.slice(0, 1).toUpperCase());
  await expect(page.locator(".profile-header")).toContainText(`${user} · User since`);
  expect(await typeHeading(page, "Models")).toBe("Models (2)");
  expect(await typeHeading(page, "Datasets")).toBe("Datasets (1)");
  expect(await typeHeading(page, "Spaces")).toBe("Spaces (0)");
  await expect(page.getByRole("link", { name: `${user}/secret-model`, exact: true })).toBeVisible();
  await expect(page.locator(".badge-private")).toHaveCount(1);
  await checkPage(page, "user", OPTIONS);
  expect(await load(page, `/${user}/secret-model`)).toBe(200);
  await expect(page.locator(".repo-title")).toContainText(`${user}/secret-model`);

  // A stranger (signed out): neither the private model nor it in the count.
  const stranger = await otherBrowser(browser, baseURL);
  try {
    expect(await load(stranger, `/${user}`)).toBe(200);
    await expect(stranger.getByRole("heading", { level: 1, name: "Ada Owner" })).toBeVisible();
    expect(await typeHeading(stranger, "Models")).toBe("Models (1)");
    await expect(stranger.getByRole("link", { name: `${user}/open-model`, exact: true })).toBeVisible();
    await expect(stranger.getByRole("link", { name: `${user}/secret-model` })).toHaveCount(0);
    await expect(stranger.getByText("secret-model")).toHaveCount(0);

    // Its page: 404 and the not-found page, the same as a repository that does not exist.
    const seen: string[] = [];
    for (const path of [`/${user}/secret-model`, `/${user}/no-such-model`]) {
      expect(await load(stranger, path), path).toBe(404);
      await expect(stranger.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(stranger.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute(
        "href",
        `/login?next=${encodeURIComponent(path)}`,
      );
      seen.push(((await stranger.locator("main").textContent()) ?? "").replaceAll(path.split("/")[2] ?? "", "NAME"));
    }
    expect(seen[0]).toBe(seen[1]);
    await checkPage(stranger, "private-repo-stranger", OPTIONS);
  } finally {
    await stranger.context().close();
  }
});

test("unknown pages and owners: 404 with the not-found page, whose links work by keyboard", async ({ page }) => {
  // No console guard: these pages and their API calls answer 404 by design.
  expect(await load(page, "/no/such/page")).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Search models" })).toHaveAttribute("href", "/models");
  await checkPage(page, "unknown-page", OPTIONS);

  expect(await load(page, "/nobody-by-this-name")).toBe(404);
  await expect(page.getByText("There is no user or organization called nobody-by-this-name")).toBeVisible();
  expect(await load(page, "/meta-llama/no-such-model/tree/main")).toBe(404);
  await expect(page.getByText("There is no model called meta-llama/no-such-model")).toBeVisible();
  expect(await load(page, "/meta-llama/Llama-3.1-8B-Instruct/not-a-section")).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  const home = page.getByRole("link", { name: "Go to the home page" });
  await tabTo(page, home);
  await page.keyboard.press("Enter");
  await page.waitForURL("/");
});

test("owner and author names link to the owner's page: list rows, search, space cards, discussions", async ({
  page,
  guard: _,
}) => {
  test.setTimeout(90_000);
  // A list row and a search result.
  await page.goto("/models?search=Llama-3.1-8B-Instruct");
  const row = page.locator(".model-row").filter({ hasText: "meta-llama/Llama-3.1-8B-Instruct" }).first();
  await expect(row.getByRole("link", { name: "meta-llama", exact: true })).toHaveAttribute("href", "/meta-llama");
  await row.getByRole("link", { name: "meta-llama", exact: true }).click();
  await page.waitForURL("/meta-llama");
  await expect(page.getByRole("heading", { level: 2, name: "Members" })).toBeVisible();

  // A space card and a discussion's author, for a new user's space.
  const user = unique("auth");
  const csrf = await joinByApi(page.request, user, "Author Person");
  await createByApi(page.request, csrf, "demo-space", "space");
  await page.goto(`/spaces?search=${user}`);
  const card = page.locator(".space-card").filter({ hasText: "demo-space" });
  await expect(card.getByRole("link", { name: user, exact: true })).toHaveAttribute("href", `/${user}`);
  const opened = await page.request.post(`/api/spaces/${user}/demo-space/discussions`, {
    headers: { "X-CSRF-Token": csrf },
    data: { title: "A question" },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  await page.goto(`/spaces/${user}/demo-space/discussions`);
  const discussion = page.locator(".discussion-row").filter({ hasText: "A question" });
  await expect(discussion.getByRole("link", { name: user, exact: true })).toHaveAttribute("href", `/${user}`);
  await page.goto(`/spaces/${user}/demo-space/discussions/1`);
  await expect(page.locator(".discussion-meta").getByRole("link", { name: user, exact: true })).toHaveAttribute(
    "href",
    `/${user}`,
  );
});

// Collections from the browser against the real server (features/collections): a user signs up through the site,
// creates a collection on their collections page, adds a dataset (with a note) and a paper by id and a model from
// its repository page ("Add to collection"), moves items with the keyboard (the focus stays on the moved item's
// button, or its other one at the top), checks the order the API answers; a second browser (a visitor) sees the
// public collection, then the not-found page once the owner makes it private, and the owner's list no longer shows
// it to the visitor; the owner removes an item and deletes the collection. Each page passes the accessibility
// checks in light and dark and at phone width, with screenshots in test-results/screenshots (collections-*.png).
import { checkPage, joinThroughSite, otherBrowser, unique } from "./accounts";
import { expect, test } from "./fixtures";
import { createRepo, newWriter } from "./repo-api";

const PAGE_CHECK = { prefix: "collections" };

test("create a collection, add items, reorder by keyboard, make it private, seen from another browser", async ({
  page,
  browser,
  baseURL,
  guard,
}) => {
  test.setTimeout(120_000);
  const owner = unique("col");
  const writer = await newWriter(page.request, "colw");
  await createRepo(page.request, writer.token, "picked-model");
  await createRepo(page.request, writer.token, "picked-data", "dataset");
  const model = `${writer.user}/picked-model`;
  const dataset = `${writer.user}/picked-data`;
  const visitor = await otherBrowser(browser, baseURL);
  try {
    await joinThroughSite(page, owner);
    await page.goto(`/collections/${owner}`);
    await expect(page.getByRole("heading", { level: 1, name: "Collections" })).toBeVisible();
    await expect(page.getByText("No collections yet.")).toBeVisible();
    await checkPage(page, "owner-empty", PAGE_CHECK);

    await page.getByLabel("Title").fill("Reading list");
    await page.getByLabel("Description (optional)").fill("What we use");
    await page.getByRole("button", { name: "Create collection" }).click();
    await page.waitForURL(new RegExp(`/collections/${owner}/reading-list-[0-9a-f]{24}$`));
    const url = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1, name: "Reading list" })).toBeVisible();

    const add = async (kind: string, id: string, note?: string) => {
      await page.getByLabel("Kind").selectOption({ label: kind });
      await page.getByLabel("Id", { exact: true }).fill(id);
      if (note !== undefined) await page.getByLabel("Note (optional)").fill(note);
      await page.getByRole("button", { name: "Add to collection" }).click();
      await expect(page.getByRole("status").filter({ hasText: `Added ${id}.` })).toBeVisible();
    };
    await add("Dataset", dataset, "Clean and small");
    await add("Paper", "2311.12983");
    await expect(page.getByText("Clean and small")).toBeVisible();
    // A repository that does not exist is refused with the server's message.
    await page.getByLabel("Id", { exact: true }).fill(`${writer.user}/nope`);
    await page.getByRole("button", { name: "Add to collection" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Item not found" })).toBeVisible();
    // The browser logs the refused request itself: that one line, and nothing else, is expected.
    expect(guard.errors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
    guard.errors.length = 0;
    await page.getByLabel("Id", { exact: true }).fill("");

    // The model from its own page: "Add to collection" in the repository header.
    await page.goto(`/${model}`);
    await page.getByText("Add to collection", { exact: true }).click();
    await page.getByRole("combobox", { name: "Collection", exact: true }).selectOption({ label: "Reading list" });
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to Reading list." })).toBeVisible();
    await checkPage(page, "repo-add-to-collection", { ...PAGE_CHECK, wideInsideScrollers: true });
    await page.getByRole("link", { name: "Reading list" }).click();
    await page.waitForURL(url);

    // Move the paper to the top by keyboard: focus its "up" button, Enter; then the model up twice.
    const up = page.getByRole("button", { name: "Move 2311.12983 up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Moved 2311.12983 to position 1 of 3." })).toBeVisible();
    // At the top its "up" button is disabled: the focus moved to its "down" button.
    await expect(up).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move 2311.12983 down" })).toBeFocused();
    const api = await (await page.request.get(`/api${url}`)).json();
    expect(api.items.map((item: { id: string }) => item.id)).toEqual(["2311.12983", dataset, model]);
    const modelUp = page.getByRole("button", { name: `Move ${model} up` });
    await modelUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Moved ${model} to position 2 of 3.` })).toBeVisible();
    await expect(modelUp).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Moved ${model} to position 1 of 3.` })).toBeVisible();
    const reordered = await (await page.request.get(`/api${url}`)).json();
    expect(reordered.items.map((item: { id: string }) => item.id)).toEqual([model, "2311.12983", dataset]);
    await checkPage(page, "collection-owner", PAGE_CHECK);

    // A visitor sees the public collection, without the owner's controls.
    await visitor.goto(url);
    await expect(visitor.getByRole("heading", { level: 1, name: "Reading list" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: model })).toBeVisible();
    await expect(visitor.getByRole("button", { name: "Move 2311.12983 down" })).toHaveCount(0);
    await checkPage(visitor, "collection-visitor", PAGE_CHECK);

    // Private: the badge for the owner; the visitor gets the not-found page and an empty list.
    await page.getByRole("checkbox", { name: /Private/ }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(page.locator("h1 .badge-private")).toHaveText("Private");
    await visitor.goto(url);
    await expect(visitor.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await visitor.goto(`/collections/${owner}`);
    await expect(visitor.getByText("No collections yet.")).toBeVisible();
    await page.goto(`/collections/${owner}`);
    await expect(page.getByRole("link", { name: "Reading list" })).toBeVisible();
    await checkPage(page, "owner-list", PAGE_CHECK);

    // Remove an item, then delete the collection.
    await page.getByRole("link", { name: "Reading list" }).click();
    await page.getByRole("button", { name: `Remove ${dataset}` }).click();
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Removed ${dataset}.` })).toBeVisible();
    await expect(page.getByText("Clean and small")).toHaveCount(0);
    await page.getByRole("button", { name: "Delete collection" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.waitForURL(`/collections/${owner}`);
    await expect(page.getByText("No collections yet.")).toBeVisible();
    expect(guard.errors).toEqual([]);
  } finally {
    await visitor.context().close();
  }
});

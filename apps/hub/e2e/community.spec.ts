// Discussions, pull requests and gated access from the browser against the real server (features/community,
// features/gating): user A owns a model; user B opens a discussion (with a hostile body, which renders inert) and a
// pull request through the site's upload page ("Open as a pull request"); A sees the notification count, comments and
// merges, and the file is on main. Then a gated model: B sees the card and the access form, asks, is pending and
// refused the file; A accepts in the settings' "Gated access" section; B downloads the file. Every page passes the
// accessibility checks in light, dark and at phone width (375 px), with screenshots (community-*.png).
//
// Server routes it needs (server/src/community/README.md, server/src/gating/README.md): GET/POST
// /api/models/{id}/discussions, GET …/discussions/{num}?diff=1, POST …/comment, POST …/merge, POST
// …/commit/main?create_pr=1 (answer with pullRequestUrl), PUT …/settings {gated}, GET/POST …/ask-access,
// GET …/user-access-request/{status}, POST …/user-access-request/handle, and the gate on /resolve.
import type { Page } from "@playwright/test";
import { checkPage, joinThroughSite, otherBrowser, unique } from "./accounts";
import { expect, test } from "./fixtures";

// Diffs and code blocks may be wider than a phone inside their own scrolling box; the page itself may not.
const PAGE_CHECK = { prefix: "community", wideInsideScrollers: true };

async function csrfOf(page: Page): Promise<string> {
  const session = (await (await page.request.get("/api/web/session")).json()) as { csrfToken: string };
  return session.csrfToken;
}

/** A model of the signed-in user with `files` on main, through the API with the browser's session. */
async function createModel(page: Page, name: string, files: Record<string, string>) {
  const csrf = await csrfOf(page);
  const created = await page.request.post("/api/repos/create", {
    headers: { "X-CSRF-Token": csrf },
    data: { name, type: "model" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { name: user } = ((await (await page.request.get("/api/web/session")).json()) as { user: { name: string } })
    .user;
  const lines = [
    JSON.stringify({ key: "header", value: { summary: "Initial files", description: "" } }),
    ...Object.entries(files).map(([path, content]) =>
      JSON.stringify({
        key: "file",
        value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
      }),
    ),
  ];
  const committed = await page.request.post(`/api/models/${user}/${name}/commit/main`, {
    headers: { "X-CSRF-Token": csrf, "Content-Type": "application/x-ndjson" },
    data: `${lines.join("\n")}\n`,
  });
  expect(committed.status(), await committed.text()).toBe(200);
}

test("discussions and pull requests through the site: open, comment, merge; hostile comments inert", async ({
  page,
  browser,
  baseURL,
  guard,
}) => {
  test.setTimeout(180_000);
  const owner = unique("own");
  const guest = unique("gst");
  const name = unique("talk");
  const second = await otherBrowser(browser, baseURL);
  try {
    await joinThroughSite(page, owner);
    await joinThroughSite(second, guest);
    await createModel(page, name, { "README.md": "---\nlicense: mit\n---\n# A model to talk about\n" });
    const repoPath = `/${owner}/${name}`;

    // B opens the Community tab from the repository page: empty, with "New discussion".
    await second.goto(repoPath);
    await second
      .getByRole("navigation", { name: "Repository sections" })
      .getByRole("link", { name: "Community" })
      .click();
    await second.waitForURL(`${repoPath}/discussions`);
    await expect(second.getByText("No open discussions or pull requests yet.")).toBeVisible();
    await checkPage(second, "list-empty", PAGE_CHECK);

    // New discussion, by keyboard, with a hostile body.
    const hostile = [
      "Hello **owner**.",
      "<script>window.pwned = 1</script>",
      '<a href="javascript:window.pwned=2">click me</a> and [md](javascript:window.pwned=3)',
      '<div onclick="window.pwned=4" onmouseover="window.pwned=5">hover me</div>',
      `Long: ${"x".repeat(5000)}`,
    ].join("\n\n");
    await second.getByRole("button", { name: "New discussion" }).focus();
    await second.keyboard.press("Enter");
    await expect(second.getByRole("textbox", { name: "Title" })).toBeFocused();
    await second.keyboard.type("Is there a bigger version?");
    await second.keyboard.press("Tab");
    await second.getByRole("textbox", { name: "Description (Markdown)" }).fill(hostile);
    await second.keyboard.press("Tab");
    await second.keyboard.press("Enter");
    await second.waitForURL(`${repoPath}/discussions/1`);
    await expect(second.getByRole("heading", { level: 2, name: /Is there a bigger version\?/ })).toBeVisible();
    const body = second.locator(".comment-body").first();
    await expect(body.locator("strong")).toHaveText("owner");
    await body.getByText("hover me").hover();
    await body.getByText("click me").click();
    expect(await body.locator("script, [onclick], [onmouseover]").count()).toBe(0);
    for (const href of await body.locator("a[href]").evaluateAll((links) => links.map((l) => l.getAttribute("href"))))
      expect(href).not.toMatch(/javascript:/i);
    expect(await second.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await checkPage(second, "discussion", PAGE_CHECK);

    // A pull request from the upload page: "Open as a pull request" is checked (and locked) for a non-writer.
    await second.goto(`${repoPath}/upload/main`);
    const prBox = second.getByRole("checkbox", { name: /Open as a pull request/ });
    await expect(prBox).toBeChecked();
    await second
      .getByLabel("Choose files")
      .setInputFiles([
        { name: "added.txt", mimeType: "text/plain", buffer: Buffer.from("proposed by the community\n") },
      ]);
    await second.getByLabel("Commit message").fill("Add added.txt");
    await checkPage(second, "upload-pr", PAGE_CHECK);
    await second.getByRole("button", { name: "Open a pull request" }).click();
    await second.waitForURL(`${repoPath}/discussions/2`);
    const panel = second.getByRole("region", { name: "Pull request" });
    await expect(panel.getByText("refs/pr/2").first()).toBeVisible();
    await expect(panel).toContainText(`refs/pr/2:pr/2`);
    await expect(panel.getByRole("link", { name: "Add added.txt" })).toBeVisible();
    const files = second.getByRole("region", { name: /Files changed/ });
    await expect(files.getByRole("region", { name: "added.txt" })).toContainText("+proposed by the community");
    await expect(panel.getByRole("button", { name: /Merge/ })).toHaveCount(0); // B is no writer
    await checkPage(second, "pull-request", PAGE_CHECK);
    // main does not have the file yet.
    expect((await second.request.get(`${repoPath}/resolve/main/added.txt`)).status()).toBe(404);

    // A: the header counts the two open items; the list shows both, filtered by type.
    await page.goto("/");
    await expect(page.getByLabel(`Account menu for ${owner}, 2 open discussions and pull requests`)).toBeVisible();
    await page.getByLabel(`Account menu for ${owner}`).click();
    // The menu links each open item; the first one leads into the repository's Community tab.
    const menu = page.locator(".user-menu");
    await expect(menu.getByRole("link", { name: new RegExp(`^${owner}/${name}#2: `) })).toBeVisible();
    await menu.getByRole("link", { name: new RegExp(`^${owner}/${name}#1: `) }).click();
    await page.waitForURL(`${repoPath}/discussions/1`);
    await page.getByRole("link", { name: "Community" }).first().click();
    await page.waitForURL(`${repoPath}/discussions`);
    const list = page.getByRole("list", { name: "Discussions and pull requests" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await page.getByRole("combobox", { name: "Show" }).selectOption("pull_request");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(`${repoPath}/discussions?type=pull_request`);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await checkPage(page, "list", PAGE_CHECK);
    await list.getByRole("link", { name: /Add added.txt/ }).click();
    await page.waitForURL(`${repoPath}/discussions/2`);

    // A comments and merges; the file is on main.
    await page.getByRole("textbox", { name: "Comment (Markdown)" }).fill("Thanks, merging.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(page.getByRole("article", { name: `Comment by ${owner}` })).toContainText("Thanks, merging.");
    await page.getByRole("button", { name: "Merge into main" }).click();
    await expect(page.getByText(/Merged as/)).toBeVisible();
    await expect(page.locator(".discussion-meta .badge")).toHaveText("Merged PR");
    await checkPage(page, "merged", PAGE_CHECK);
    const merged = await page.request.get(`${repoPath}/resolve/main/added.txt`);
    expect(merged.status()).toBe(200);
    expect(await merged.text()).toBe("proposed by the community\n");

    // A closes the discussion; the open list now shows nothing open but the count says so.
    await page.goto(`${repoPath}/discussions/1`);
    await page.getByRole("button", { name: "Close discussion" }).click();
    await expect(page.getByRole("button", { name: "Reopen discussion" })).toBeVisible();
    await page.goto(`${repoPath}/discussions?status=closed`);
    await expect(page.getByRole("list", { name: "Discussions and pull requests" }).getByRole("listitem")).toHaveCount(
      2,
    );
    // No console error at all: the hostile body's handlers never reach a document (card-render.ts, handler-names.ts).
    expect(guard.errors, "errors in the browser console").toEqual([]);
  } finally {
    await second.context().close();
  }
});

test("a gated model: B sees the card and asks for access, A accepts in settings, B downloads", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = unique("own");
  const guest = unique("gst");
  const name = unique("gated");
  const second = await otherBrowser(browser, baseURL);
  try {
    await joinThroughSite(page, owner);
    await joinThroughSite(second, guest);
    const readme = [
      "---",
      "license: mit",
      'extra_gated_prompt: "You agree to **share** your contact details."',
      "extra_gated_fields:",
      "  Company: text",
      "  I agree to use this model for research only: checkbox",
      "---",
      "# A gated model",
      "",
    ].join("\n");
    await createModel(page, name, { "README.md": readme, "secret.txt": "the weights\n" });
    const repoPath = `/${owner}/${name}`;

    // A turns gating on (manual review) in the settings page.
    await page.goto(`${repoPath}/settings`);
    const section = page.getByRole("region", { name: "Gated access" });
    await section.getByRole("radio", { name: /Manual review/ }).check();
    await section.getByRole("button", { name: "Save gating" }).click();
    await expect(section.getByText("Gating is on (manual).")).toBeVisible();
    await expect(section.getByText("No request is waiting.")).toBeVisible();

    // B sees the card and file list, and the access form from the card.
    await second.goto(repoPath);
    await expect(second.getByRole("heading", { level: 1 })).toContainText(name);
    const gate = second.getByRole("region", { name: "Gated model" });
    await expect(gate.locator("strong").first()).toHaveText("share");
    await expect(second.getByText("A gated model")).toBeVisible();
    expect((await second.request.get(`${repoPath}/resolve/main/secret.txt`)).status()).toBe(403);
    await checkPage(second, "gated-form", PAGE_CHECK);
    await gate.getByRole("textbox", { name: "Company" }).fill("ACME");
    await gate.getByRole("checkbox", { name: /research only/ }).check();
    await gate.getByRole("button", { name: "Ask for access" }).click();
    await expect(gate.getByText("Your request is pending")).toBeVisible();
    expect((await second.request.get(`${repoPath}/resolve/main/secret.txt`)).status()).toBe(403);
    await second.goto(`${repoPath}/tree/main`);
    await expect(second.getByRole("link", { name: "secret.txt" })).toBeVisible();
    await checkPage(second, "gated-pending", PAGE_CHECK);

    // A accepts in settings.
    await page.reload();
    const pending = page.getByRole("list", { name: "Pending requests" });
    await expect(pending).toContainText(guest);
    await expect(pending).toContainText("ACME");
    await checkPage(page, "gated-settings", PAGE_CHECK);
    await pending.getByRole("button", { name: `Accept ${guest}` }).click();
    await expect(page.getByText(`${guest}'s request accepted.`)).toBeVisible();
    await expect(page.getByRole("list", { name: "Users with access" })).toContainText(guest);

    // B now downloads the file, and the page says so.
    const allowed = await second.request.get(`${repoPath}/resolve/main/secret.txt`);
    expect(allowed.status()).toBe(200);
    expect(await allowed.text()).toBe("the weights\n");
    await second.goto(repoPath);
    await expect(second.getByText("You have access to the files.")).toBeVisible();

    // A visitor is asked to sign in.
    const visitor = await otherBrowser(browser, baseURL);
    await visitor.goto(repoPath);
    await expect(visitor.getByRole("link", { name: "Sign in to ask for access" })).toBeVisible();
    await visitor.context().close();
  } finally {
    await second.context().close();
  }
});

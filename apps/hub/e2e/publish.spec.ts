// Accounts and publishing from the browser against the real server (features/account, publish, profile): sign up →
// create a private model → upload a README and a 12 MB file (LFS path) with a progress bar per file → the card
// renders → the tree shows both → the download has the same bytes → a browser without the session cannot see it.
// Keyboard-only sign-in and upload; tokens, settings (visibility, rename, delete with confirmation), the README
// editor, file deletion, user and organization pages. Every page passes the accessibility checks; screenshots in
// light, dark and phone width go to test-results/screenshots (publish-*.png).
import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { accessibilityProblems, expect, screenshot, test } from "./fixtures";
import { ADMIN_TOKEN } from "./repo-api";

const PASSWORD = "correct horse battery";
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Signs up through the API with the page's own request context: the session cookie lands in the browser. */
async function joinByApi(request: APIRequestContext, user: string): Promise<string> {
  const response = await request.post("/api/web/join", { data: { username: user, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function createByApi(request: APIRequestContext, csrf: string, name: string, isPrivate = false) {
  const response = await request.post("/api/repos/create", {
    headers: { "X-CSRF-Token": csrf },
    data: { name, type: "model", private: isPrivate },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function checkPage(page: Page, name: string) {
  await page.locator("main h1").first().waitFor(); // the page's chunk has loaded
  expect(await accessibilityProblems(page), name).toEqual([]);
  await screenshot(page, `publish-${name}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "dark";
  });
  await screenshot(page, `publish-${name}-dark`);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "light";
  });
  await page.emulateMedia({ colorScheme: "light" });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing may overflow the phone's width (a horizontal scrollbar).
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > 391)
      .map((element) => element.outerHTML.slice(0, 100)),
  );
  expect(overflow, `${name}: elements wider than the phone`).toEqual([]);
  await screenshot(page, `publish-${name}-phone`);
  if (size !== null) await page.setViewportSize(size);
}

/** Presses Tab until the focused element matches `selector` (bounded), as a keyboard user would. */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test("sign up, create a private model, upload a README and a 12 MB file with progress, see and download them", async ({
  page,
  browser,
  guard: _,
}) => {
  test.setTimeout(120_000);
  const user = unique("pub");
  const repoName = "first-model";
  await page.goto("/join");
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await checkPage(page, "join");
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("/");
  const menu = page.getByLabel(`Account menu for ${user}`);
  await expect(menu).toBeVisible();

  await menu.click();
  await page.locator(".user-menu").getByRole("link", { name: "New model" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New model" })).toBeVisible();
  await page.getByLabel("Model name").fill("bad--name");
  await page.getByLabel("Model name").blur();
  await expect(page.locator("#name-problem")).toHaveText("No '--' or '..'.");
  await checkPage(page, "new-model");
  await page.getByLabel("Model name").fill(repoName);
  await page.getByLabel(/Private/).check();
  await page.getByRole("button", { name: "Create model" }).click();
  await page.waitForURL(`/${user}/${repoName}`);
  await expect(page.getByText("Private", { exact: true })).toBeVisible();

  await page.goto(`/${user}/${repoName}/upload/main`);
  await expect(page.getByRole("heading", { level: 1, name: "Upload files" })).toBeVisible();
  const big = randomBytes(12 * 1024 * 1024);
  const readme = "---\nlicense: mit\n---\n# Hello from the browser\n\nUploaded with **progress**.\n";
  await page.getByLabel("Choose files").setInputFiles([
    { name: "README.md", mimeType: "text/markdown", buffer: Buffer.from(readme) },
    { name: "weights.bin", mimeType: "application/octet-stream", buffer: big },
  ]);
  await expect(page.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(2);
  await checkPage(page, "upload");
  // Slow the upload down (4 MB/s) so that the progress bar is seen part-way, and record every value it shows.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const record = () => {
      const bar = document.querySelector<HTMLProgressElement>('progress[aria-label^="weights.bin"]');
      if (bar !== null) seen.push(bar.value);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
  await page.getByLabel("Commit message").fill("Add README and weights");
  await page.getByRole("button", { name: "Commit changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Committed" })).toBeVisible({ timeout: 60_000 });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(
    seen.some((value) => value > 0.05 && value < 0.95),
    `progress values ${seen.join(", ")}`,
  ).toBe(true);
  await screenshot(page, "publish-upload-done");

  await page.getByRole("link", { name: "View the files" }).click();
  await expect(page.getByRole("link", { name: "README.md" })).toBeVisible();
  await expect(page.getByRole("link", { name: "weights.bin" })).toBeVisible();

  await page.goto(`/${user}/${repoName}`);
  await expect(page.getByRole("heading", { name: "Hello from the browser" })).toBeVisible();

  // The LFS file: same bytes back through resolve (with the browser's cookie), and stored as an LFS pointer.
  const download = await page.request.get(`/${user}/${repoName}/resolve/main/weights.bin`);
  expect(download.status()).toBe(200);
  const bytes = await download.body();
  expect(bytes.length).toBe(big.length);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(big).digest("hex"));
  const raw = await (await page.request.get(`/${user}/${repoName}/raw/main/weights.bin`)).text();
  expect(raw).toContain("version https://git-lfs.github.com/spec/v1");

  // Another browser, without the session: the private repository does not exist for it.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    await other.goto(`/${user}/${repoName}`);
    await expect(other.getByText(/not found|could not load/i).first()).toBeVisible();
    await expect(other.getByText("Hello from the browser")).toHaveCount(0);
    expect((await other.request.get(`/${user}/${repoName}/resolve/main/weights.bin`)).status()).toBe(401);
  } finally {
    await stranger.close();
  }
});

test("keyboard only: a wrong password is announced, then sign in, open the menu and sign out", async ({
  page,
  playwright,
  baseURL,
}) => {
  const user = unique("kbd");
  const api = await playwright.request.newContext({ baseURL });
  await joinByApi(api, user);
  await api.dispose();

  await page.goto("/login");
  await checkPage(page, "login");
  await tabTo(page, 'input[name="username"]');
  await page.keyboard.type(user);
  await page.keyboard.press("Tab");
  await page.keyboard.type("not the password");
  await page.keyboard.press("Enter");
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Invalid username or password");
  await expect(alert).toBeFocused();
  await screenshot(page, "publish-login-error");
  await tabTo(page, 'input[name="password"]');
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL("/");

  await tabTo(page, ".user-menu summary");
  await page.keyboard.press("Enter");
  await expect(page.locator(".user-menu").getByRole("link", { name: "Access tokens" })).toBeVisible();
  await checkPage(page, "user-menu");
  // Escape closes it and puts the focus back on its button; Enter opens it again.
  await page.keyboard.press("Escape");
  await expect(page.locator(".user-menu").getByRole("link", { name: "Access tokens" })).toBeHidden();
  await expect(page.locator(".user-menu summary")).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, ".user-menu button");
  await expect(page.locator(":focus")).toHaveText("Sign out");
  await page.keyboard.press("Enter");
  await expect(page.locator(".user-menu").getByRole("link", { name: "Sign in" })).toBeVisible();
  expect((await page.request.get("/api/web/session").then((r) => r.json())) as unknown).toEqual({ user: null });
});

test("keyboard only: upload a file into a folder", async ({ page, guard: _ }) => {
  const user = unique("kup");
  const csrf = await joinByApi(page.request, user);
  await createByApi(page.request, csrf, "kbd-upload");
  await page.goto(`/${user}/kbd-upload/upload/main`);
  await expect(page.getByRole("heading", { level: 1, name: "Upload files" })).toBeVisible();
  await tabTo(page, 'input[type="file"]');
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
  await chooser.setFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("typed by keyboard\n") });
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/Into folder/)).toBeFocused();
  await page.keyboard.type("docs");
  await tabTo(page, 'input[name="summary"]');
  await page.keyboard.type("Notes from the keyboard");
  await tabTo(page, 'button[type="submit"]');
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Committed" })).toBeVisible();
  const text = await (await page.request.get(`/${user}/kbd-upload/resolve/main/docs/notes.txt`)).text();
  expect(text).toBe("typed by keyboard\n");
});

test("drag and drop: files dropped on the zone are listed, removable, and committed into the folder", async ({
  page,
  guard: _,
}) => {
  const user = unique("dnd");
  const csrf = await joinByApi(page.request, user);
  await createByApi(page.request, csrf, "dropped");
  await page.goto(`/${user}/dropped/upload/main/data`);
  const zone = page.getByRole("region", { name: "Files to upload" });
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["a,b\n1,2\n"], "table.csv", { type: "text/csv" }));
    transfer.items.add(new File(["unwanted"], "unwanted.txt", { type: "text/plain" }));
    return transfer;
  });
  await zone.dispatchEvent("dragover", { dataTransfer });
  await expect(zone).toHaveClass(/dragging/);
  await zone.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByText("data/table.csv")).toBeVisible();
  await page.getByRole("button", { name: "Remove data/unwanted.txt" }).click();
  await expect(page.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Commit changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Committed" })).toBeVisible();
  expect(await (await page.request.get(`/${user}/dropped/resolve/main/data/table.csv`)).text()).toBe("a,b\n1,2\n");
  expect((await page.request.get(`/${user}/dropped/resolve/main/data/unwanted.txt`)).status()).toBe(404);
  await page.getByRole("link", { name: "View the files" }).click();
  await page.waitForURL(`/${user}/dropped/tree/main/data`);
  // exact: the row's last-commit link ("Upload data/table.csv") names the file too.
  await expect(page.getByRole("link", { name: "table.csv", exact: true })).toBeVisible();
});

test("an upload in progress can be cancelled: nothing is committed", async ({ page, guard: _ }) => {
  const user = unique("cnl");
  const csrf = await joinByApi(page.request, user);
  await createByApi(page.request, csrf, "cancelled");
  await page.goto(`/${user}/cancelled/upload/main`);
  await page.getByLabel("Choose files").setInputFiles({
    name: "large.bin",
    mimeType: "application/octet-stream",
    buffer: randomBytes(11 * 1024 * 1024),
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await page.getByRole("button", { name: "Commit changes" }).click();
  await expect(page.getByText(/uploading \d+%/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alert")).toHaveText("The upload was cancelled");
  await expect(page.getByText("failed")).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect((await page.request.get(`/${user}/cancelled/resolve/main/large.bin`)).status()).toBe(404);
});

test("access tokens: create one (shown once), use it, list it, revoke it", async ({ page, guard: _ }) => {
  const user = unique("tok");
  await joinByApi(page.request, user);
  await page.goto("/settings/tokens");
  await expect(page.getByText("No tokens yet.")).toBeVisible();
  await page.getByLabel("Name").fill("ci-runner");
  await page.getByLabel("Role").selectOption("write");
  await page.getByRole("button", { name: "Create token" }).click();
  const value = (await page.locator(".token-value").textContent()) ?? "";
  expect(value).toMatch(/^hf_[A-Za-z0-9]{40}$/);
  await expect(page.getByRole("button", { name: "Copy token" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "ci-runner", exact: true })).toBeVisible();
  await checkPage(page, "tokens");
  const whoami = await page.request.get("/api/whoami-v2", { headers: { Authorization: `Bearer ${value}` } });
  expect(((await whoami.json()) as { name: string }).name).toBe(user);
  // Shown once: after a reload only the name is listed.
  await page.reload();
  await expect(page.getByRole("cell", { name: "ci-runner", exact: true })).toBeVisible();
  await expect(page.getByText(value)).toHaveCount(0);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Revoke ci-runner" }).click();
  await expect(page.getByText("No tokens yet.")).toBeVisible();
  const revoked = await page.request.get("/api/whoami-v2", { headers: { Authorization: `Bearer ${value}` } });
  expect(revoked.status()).toBe(401);
});

test("edit the README, delete a file, then settings: private toggle, rename, delete with typed confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = unique("set");
  const csrf = await joinByApi(page.request, user);
  await createByApi(page.request, csrf, "to-edit");
  await page.goto(`/${user}/to-edit/edit/main/README.md`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit README.md" })).toBeVisible();
  await page.getByLabel("Content of README.md").fill("# Edited in the browser\n\nSecond line.\n");
  await checkPage(page, "edit");
  await page.getByRole("button", { name: "Commit changes" }).click();
  await page.waitForURL(`/${user}/to-edit`);
  await expect(page.getByRole("heading", { name: "Edited in the browser" })).toBeVisible();

  await page.goto(`/${user}/to-edit/delete/main/README.md`);
  await checkPage(page, "delete-file");
  await page.getByRole("button", { name: "Delete the file" }).click();
  await page.waitForURL(`/${user}/to-edit/tree/main`);
  expect((await page.request.get(`/${user}/to-edit/resolve/main/README.md`)).status()).toBe(404);

  await page.goto(`/${user}/to-edit/settings`);
  await expect(page.getByText("is public")).toBeVisible();
  await checkPage(page, "settings");
  await page.getByRole("button", { name: "Make private" }).click();
  await expect(page.getByRole("status").filter({ hasText: "now private" })).toBeVisible();
  const info = (await (await page.request.get(`/api/models/${user}/to-edit`)).json()) as { private: boolean };
  expect(info.private).toBe(true);

  await page.getByLabel("Name", { exact: true }).fill("renamed");
  await page.getByRole("button", { name: "Rename" }).click();
  await page.waitForURL(`/${user}/renamed/settings`);
  const del = page.getByRole("button", { name: `Delete ${user}/renamed` });
  await expect(del).toBeDisabled();
  await page.getByLabel(/to confirm/).fill(`${user}/renamed`);
  await del.click();
  await page.waitForURL(`/${user}`);
  expect((await page.request.get(`/api/models/${user}/renamed`)).status()).toBe(404);
});

test("user and organization pages: repositories, members, organizations", async ({ page, guard: _ }) => {
  const user = unique("pro");
  const org = unique("org");
  const csrf = await joinByApi(page.request, user);
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const created = await page.request.post("/api/admin/organizations", {
    headers: admin,
    data: { name: org, members: [user] },
  });
  expect(created.status()).toBe(200);
  await createByApi(page.request, csrf, "public-one");
  await createByApi(page.request, csrf, "secret-one", true);
  await page.goto(`/${user}`);
  await expect(page.getByRole("heading", { level: 1, name: user })).toBeVisible();
  await expect(page.getByRole("link", { name: `${user}/public-one` })).toBeVisible();
  await expect(page.getByRole("link", { name: `${user}/secret-one` })).toBeVisible(); // the owner sees it
  await expect(page.getByRole("link", { name: org })).toBeVisible();
  await checkPage(page, "profile");

  await page.getByRole("link", { name: org }).click();
  await expect(page.getByRole("heading", { level: 1, name: org })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(page.getByRole("link", { name: user })).toBeVisible();
  await checkPage(page, "organization");

  // The new-repository form offers the organization as an owner.
  await page.goto("/new-space");
  await expect(page.getByLabel("Owner").locator("option")).toHaveText([user, org]);
  await expect(page.getByLabel("SDK")).toHaveValue("static");
  await checkPage(page, "new-space");
});

test("a visitor's profile view hides private repositories; unknown names are not found", async ({ page, browser }) => {
  const user = unique("vis");
  const csrf = await joinByApi(page.request, user);
  await createByApi(page.request, csrf, "hidden-one", true);
  const visitor = await browser.newContext();
  try {
    const other = await visitor.newPage();
    await other.goto(`/${user}`);
    await expect(other.getByRole("heading", { level: 1, name: user })).toBeVisible();
    await expect(other.getByText("No models yet.")).toBeVisible();
    await expect(other.locator(".user-menu").getByRole("link", { name: "Sign in" })).toBeVisible();
    await other.goto("/settings/tokens");
    await expect(other.getByRole("link", { name: "Sign in" }).last()).toBeVisible();
    await other.goto("/no-such-account-here");
    await expect(other.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("a signed-in user likes and unlikes a repository from its page", async ({ page, guard: _ }) => {
  const user = unique("liker");
  const csrf = await joinByApi(page.request, user);
  await createByApi(page.request, csrf, "liked-model");
  await page.goto(`/${user}/liked-model`);
  const like = page.getByRole("button", { name: /^Like/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(page.getByRole("button", { name: /Liked · 1/ })).toHaveAttribute("aria-pressed", "true");
  const info = await page.request.get(`/api/models/${user}/liked-model?expand[]=likes`);
  expect(((await info.json()) as { likes: number }).likes).toBe(1);
  await page.getByRole("button", { name: /Liked · 1/ }).click();
  await expect(page.getByRole("button", { name: /Like · 0/ })).toHaveAttribute("aria-pressed", "false");
});

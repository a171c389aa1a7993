// Account and organization settings from the browser against the real server (features/settings): two people sign
// up through the site, the first creates an organization, adds the second as `read`, makes them `write`; the last
// admin cannot demote themself (409 shown); the second sees the member view, a stranger is asked to sign in; a
// password change signs the owner's other browser out; "Sign out everywhere" ends every session, this browser's
// included. Each page passes the accessibility checks in light and dark and at phone width (375 px), with
// screenshots in test-results/screenshots (settings-*.png).
//
// Server routes it needs (hub-api.md, issue 17): GET/POST /api/organizations/{org}/members, PUT/DELETE
// /api/organizations/{org}/members/{user}, POST /api/organizations/new, POST /api/web/password, GET
// /api/web/sessions, DELETE /api/web/sessions/{id}, POST /api/web/sessions/revoke-all.
import type { Page } from "@playwright/test";
import { checkPage, joinThroughSite, otherBrowser, PASSWORD, unique } from "./accounts";
import { expect, screenshot, test } from "./fixtures";

const PAGE_CHECK = { prefix: "settings" };
const NEW_PASSWORD = "a brand new passphrase";

async function signInThroughSite(page: Page, user: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(user);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel(`Account menu for ${user}`)).toBeVisible();
}

async function openMenuItem(page: Page, user: string, item: string) {
  await page.getByLabel(`Account menu for ${user}`).click();
  await page.locator(".user-menu").getByRole("link", { name: item }).click();
}

test("organization members and roles, password change and sign out everywhere, through the site", async ({
  page,
  browser,
  baseURL,
  guard,
}) => {
  test.setTimeout(120_000);
  const owner = unique("own");
  const helper = unique("hlp");
  const org = unique("org");
  const second = await otherBrowser(browser, baseURL);
  try {
    await joinThroughSite(page, owner);
    await joinThroughSite(second, helper);

    // Create the organization from the user menu; its page links the members page for members.
    await openMenuItem(page, owner, "New organization");
    await expect(page.getByRole("heading", { level: 1, name: "New organization" })).toBeVisible();
    await checkPage(page, "new-org", PAGE_CHECK);
    await page.getByLabel("Organization name").fill(org);
    await page.getByLabel("Full name (optional)").fill("Settings E2E Org");
    await page.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`/${org}`);
    await expect(page.getByRole("heading", { level: 1, name: "Settings E2E Org" })).toBeVisible();
    await page.getByRole("link", { name: "Members and roles" }).click();
    await page.waitForURL(`/organizations/${org}/settings/members`);
    await expect(page.getByRole("heading", { level: 1, name: `Members of ${org}` })).toBeVisible();
    await expect(page.getByRole("combobox", { name: `Role of ${owner}` })).toHaveValue("admin");

    // Add the second user as read, by keyboard.
    await page.getByLabel("User name").focus();
    await page.keyboard.type(helper);
    await page.keyboard.press("Tab");
    const newRole = page.getByRole("combobox", { name: "Role", exact: true });
    await expect(newRole).toBeFocused();
    await newRole.selectOption("read");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Added ${helper} as read.` })).toBeVisible();
    const helperRole = page.getByRole("combobox", { name: `Role of ${helper}` });
    await expect(helperRole).toHaveValue("read");
    await checkPage(page, "members-admin", PAGE_CHECK);

    // read → write.
    await helperRole.selectOption("write");
    await page.getByRole("button", { name: `Save the role of ${helper}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `${helper} is now write.` })).toBeVisible();
    const listed = await (await page.request.get(`/api/organizations/${org}/members`)).json();
    expect(listed).toContainEqual(expect.objectContaining({ user: helper, role: "write" }));

    // The only admin cannot demote themself: the server's 409 is shown, the select goes back.
    await page.getByRole("combobox", { name: `Role of ${owner}` }).selectOption("read");
    await page.getByRole("button", { name: `Save the role of ${owner}` }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByRole("combobox", { name: `Role of ${owner}` })).toHaveValue("admin");
    // The browser logs the refused request itself; nothing else may have been logged.
    expect(guard.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    guard.errors.length = 0;

    // Removing asks first, inline; Escape cancels and gives the focus back.
    await page.getByRole("button", { name: `Remove ${helper}` }).click();
    await expect(page.getByRole("button", { name: `Remove ${helper}` })).toBeFocused();
    await expect(page.getByText(`Remove ${helper} from ${org}?`)).toBeVisible();
    await screenshot(page, "settings-members-confirm");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: `Remove ${helper}` })).toBeFocused();
    await expect(page.getByText(`Remove ${helper} from ${org}?`)).toHaveCount(0);

    // The second user sees the member view: roles, no admin controls, "Leave organization".
    await second.goto(`/organizations/${org}/settings/members`);
    await expect(second.getByRole("heading", { level: 1, name: `Members of ${org}` })).toBeVisible();
    await expect(second.getByRole("button", { name: "Add member" })).toHaveCount(0);
    await expect(second.getByRole("combobox")).toHaveCount(0);
    await expect(second.getByRole("button", { name: "Leave organization" })).toBeVisible();
    await checkPage(second, "members-member", PAGE_CHECK);

    // A visitor is asked to sign in.
    const visitor = await otherBrowser(browser, baseURL);
    await visitor.goto(`/organizations/${org}/settings/members`);
    await expect(visitor.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
    await visitor.goto(`/${org}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Settings E2E Org" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Members and roles" })).toHaveCount(0);
    await visitor.context().close();

    // The owner signs in in another browser too; the account page lists both sessions, this one marked.
    const ownerElsewhere = await otherBrowser(browser, baseURL);
    await signInThroughSite(ownerElsewhere, owner, PASSWORD);
    await openMenuItem(page, owner, "Account settings");
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
    const sessions = page.getByRole("list", { name: "Sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByText("This browser")).toHaveCount(1);
    await checkPage(page, "account", PAGE_CHECK);
    // The settings navigation moves between the account and tokens pages.
    const settingsNav = page.getByRole("navigation", { name: "Settings" });
    await settingsNav.getByRole("link", { name: "Access tokens" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Access tokens" })).toBeVisible();
    await expect(settingsNav.getByRole("link", { name: "Access tokens" })).toHaveAttribute("aria-current", "page");
    await checkPage(page, "tokens", PAGE_CHECK);
    await settingsNav.getByRole("link", { name: "Account" }).click();
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);

    // A password change keeps this browser signed in and signs the other one out.
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. Your other sessions have been signed out.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await ownerElsewhere.goto("/settings/account");
    await expect(ownerElsewhere.locator(".user-menu").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Account menu for ${owner}`)).toBeVisible();

    // Sign in elsewhere with the new password, then "Sign out everywhere" (by keyboard) ends both sessions.
    await signInThroughSite(ownerElsewhere, owner, NEW_PASSWORD);
    await page.reload();
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Sign out everywhere" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Yes, sign out everywhere" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL("/");
    await expect(page.locator(".user-menu").getByRole("link", { name: "Sign in" })).toBeVisible();
    await ownerElsewhere.goto("/settings/account");
    await expect(ownerElsewhere.locator(".user-menu").getByRole("link", { name: "Sign in" })).toBeVisible();
    await ownerElsewhere.context().close();
  } finally {
    await second.context().close();
  }
});

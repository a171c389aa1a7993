// Webhooks from the browser against the real server (features/webhooks): a user signs up through the site, opens
// Webhooks from the settings navigation, creates a webhook by keyboard with a secret, a commit to their repository
// reaches a real receiver run by this spec, the delivery log shows it delivered; disable, enable and delete (asked
// twice); a refused URL shows the server's message; a visitor is asked to sign in. The page passes the
// accessibility checks in light and dark and at phone width, with screenshots (webhooks-*.png).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { checkPage, joinThroughSite, otherBrowser, unique } from "./accounts";
import { expect, test } from "./fixtures";
import { ADMIN_TOKEN, commit, createRepo } from "./repo-api";

const PAGE_CHECK = { prefix: "webhooks", wideInsideScrollers: true };

test("create a webhook, see its deliveries, disable, enable and delete it, through the site", async ({
  page,
  browser,
  baseURL,
  request,
  guard,
}) => {
  test.setTimeout(120_000);
  // The receiver: records what the hub POSTs (its headers and JSON body).
  const received: { headers: IncomingMessage["headers"]; body: Record<string, unknown> }[] = [];
  const receiver = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      received.push({ headers: incoming.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      answer.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((ready) => receiver.listen(0, "127.0.0.1", ready));
  const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hub-events`;
  const visitor = await otherBrowser(browser, baseURL);
  try {
    const user = unique("hook");
    await joinThroughSite(page, user);

    // From the settings navigation; no webhooks yet.
    await page.goto("/settings/account");
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL("/settings/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
    await checkPage(page, "empty", PAGE_CHECK);

    // A refused URL: the server's message, announced.
    await page.getByLabel("Target URL").fill("ftp://files.example.org/hook");
    await page.getByRole("button", { name: "Create webhook" }).click();
    await expect(page.getByRole("alert")).toContainText("http");
    expect(guard.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    guard.errors.length = 0;

    // Create by keyboard: URL, the watched list (prefilled with the user), both event kinds, a secret, Enter.
    await page.getByLabel("Target URL").fill("");
    await page.getByLabel("Target URL").focus();
    await page.keyboard.type(target);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Watched users, organizations and repositories")).toHaveValue(`user:${user}`);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: /Repository changes/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Secret (optional)")).toBeFocused();
    await page.keyboard.type("e2e-secret");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Webhook created." })).toBeVisible();
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: target }) });
    await expect(item.getByText("Active")).toBeVisible();
    await expect(item.getByText("Secret set")).toBeVisible();

    // A repository and a commit of the user's: both events reach the receiver, with the secret.
    const token = (
      (await (
        await request.post("/api/admin/tokens", {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
          data: { user, role: "write", name: "e2e" },
        })
      ).json()) as { token: string }
    ).token;
    await createRepo(request, token, "hooked");
    await commit(request, token, `/api/models/${user}/hooked`, "Add a file", [{ path: "a.txt", content: "hello" }]);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]?.headers["x-webhook-secret"]).toBe("e2e-secret");
    expect(received[1]?.body.event).toEqual({ action: "update", scope: "repo.content" });

    // The delivery log, opened by keyboard.
    await item.getByText("Recent deliveries").focus();
    await page.keyboard.press("Enter");
    const log = item.getByRole("table");
    await expect(log.getByRole("row")).toHaveCount(3);
    await expect(log.getByRole("row").nth(1)).toContainText("repo.content · update");
    await expect(log.getByRole("row").nth(1)).toContainText("Delivered (HTTP 200)");
    await checkPage(page, "list", PAGE_CHECK);

    // Disable, enable.
    await item.getByRole("button", { name: `Disable the webhook to ${target}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook disabled." })).toBeVisible();
    await expect(item.getByText("Disabled", { exact: true })).toBeVisible();
    await item.getByRole("button", { name: `Enable the webhook to ${target}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook enabled." })).toBeVisible();

    // Delete, asked twice; the focus lands on the list's heading.
    await item.getByRole("button", { name: `Delete the webhook to ${target}` }).click();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook deleted." })).toBeVisible();
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your webhooks" })).toBeFocused();
    const listed = await (await page.request.get("/api/settings/webhooks")).json();
    expect(listed).toEqual([]);

    // A visitor is asked to sign in.
    await visitor.goto("/settings/webhooks");
    await expect(visitor.getByText("to manage your webhooks")).toBeVisible();
  } finally {
    await visitor.context().close();
    await new Promise<void>((done) => receiver.close(() => done()));
  }
});

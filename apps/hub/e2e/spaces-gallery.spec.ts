// Issue 20 point 8: spaces. `/spaces` is a gallery of cards (features/spaces/space-gallery.tsx): the card's emoji on
// its colorFrom→colorTo banner, title and short_description from the front matter, likes and owner; a space that
// cannot run here (any SDK but static) has a badge and a "Run locally" disclosure with `git clone` from this hub
// and its SDK's command. A static space made with the site's new-space form starts with the starter app (its
// page runs index.html instead of "No such file"). Light, dark, phone and accessibility checks (spaces-gallery-*).
import { checkPage, PASSWORD, unique } from "./accounts";
import { expect, test } from "./fixtures";
import { newWriter } from "./repo-api";

const base64 = (text: string) => Buffer.from(text).toString("base64");

test("the /spaces gallery: emoji, colours, title, short description, likes, owner; run-locally badge", async ({
  page,
  baseURL,
  guard: _,
}) => {
  test.setTimeout(90_000);
  const { user, token } = await newWriter(page.request, "gal");
  const auth = { Authorization: `Bearer ${token}` };
  const tag = unique("q");
  const card = (sdk: string, title: string, emoji: string, from: string, to: string, about: string) =>
    `---\ntitle: ${title}\nemoji: ${emoji}\ncolorFrom: ${from}\ncolorTo: ${to}\nsdk: ${sdk}\nshort_description: ${about}\n---\n\n# ${title}\n`;
  for (const [name, files] of [
    [
      `${tag}-unicorn`,
      [
        {
          path: "README.md",
          content: base64(card("static", "Unicorn Painter", "🦄", "pink", "indigo", "Paint unicorns")),
        },
        { path: "index.html", content: base64("<h1>unicorns</h1>") },
      ],
    ],
    [
      `${tag}-chat`,
      [
        { path: "README.md", content: base64(card("gradio", "Chat Demo", "💬", "green", "blue", "Talk to a bot")) },
        { path: "app.py", content: base64("import gradio as gr\n") },
      ],
    ],
  ] as const) {
    const sdk = name.endsWith("chat") ? "gradio" : "static";
    const created = await page.request.post("/api/repos/create", {
      headers: auth,
      data: { name, type: "space", sdk, files: files.map((file) => ({ ...file, encoding: "base64" })) },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  expect((await page.request.post(`/api/spaces/${user}/${tag}-unicorn/like`, { headers: auth })).status()).toBe(200);

  await page.goto(`/spaces?search=${tag}`);
  await expect(page.getByRole("heading", { level: 1, name: "Spaces" })).toBeVisible();
  const gallery = page.getByRole("list", { name: "Spaces" });
  await expect(gallery.getByRole("listitem")).toHaveCount(2);
  const unicorn = gallery.getByRole("listitem").filter({ hasText: "Unicorn Painter" });
  await expect(unicorn.getByRole("link", { name: "Unicorn Painter" })).toHaveAttribute(
    "href",
    `/spaces/${user}/${tag}-unicorn`,
  );
  await expect(unicorn).toContainText("Paint unicorns");
  await expect(unicorn).toContainText("🦄");
  await expect(unicorn).toContainText(user);
  await expect(unicorn).toContainText("1 like");
  await expect(unicorn).toContainText("Runs here");
  // The banner is the card's colours (pink → indigo), not a default.
  const banner = await unicorn
    .locator(".space-card-banner")
    .evaluate((element) => getComputedStyle(element).backgroundImage);
  expect(banner).toContain("linear-gradient");
  expect(banner).toContain("rgb(244, 114, 182)");
  expect(banner).toContain("rgb(129, 140, 248)");

  const chat = gallery.getByRole("listitem").filter({ hasText: "Chat Demo" });
  await expect(chat).toContainText("Talk to a bot");
  await expect(chat).toContainText("Runs locally only");
  await expect(chat.locator(".space-card-banner")).toHaveCount(1);
  const summary = chat.getByText("Run locally", { exact: true });
  await summary.focus();
  await page.keyboard.press("Enter");
  const commands = chat.getByLabel(`Run ${user}/${tag}-chat locally`);
  await expect(commands).toContainText(`git clone ${baseURL}/spaces/${user}/${tag}-chat`);
  await expect(commands).toContainText("python app.py");
  await checkPage(page, "gallery", { prefix: "spaces-gallery", wideInsideScrollers: true });
});

test("a static space created with the site's form starts with the starter app", async ({ page, guard: _ }) => {
  test.setTimeout(90_000);
  const user = unique("sp");
  const joined = await page.request.post("/api/web/join", { data: { username: user, password: PASSWORD } });
  expect(joined.status()).toBe(200);
  await page.goto("/new-space");
  await page.getByLabel("Space name").fill("starter");
  await page.getByRole("button", { name: "Create space" }).click();
  await page.waitForURL(`/spaces/${user}/starter`);
  const files = (await (await page.request.get(`/api/spaces/${user}/starter/tree/main`)).json()) as Array<{
    path: string;
  }>;
  expect(files.map((file) => file.path).sort()).toEqual([".gitattributes", "README.md", "index.html", "style.css"]);
  const app = page.frameLocator(`iframe[title="${user}/starter app"]`);
  await expect(app.getByRole("heading", { name: "Welcome to your static Space!" })).toBeVisible();
  await checkPage(page, "new-static-space", { prefix: "spaces-gallery" });
});

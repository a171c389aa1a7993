// Issue 20 point 4: files are added, edited and deleted where they are seen (features/files-edit). An empty new
// repository shows how to add files (browser, `hf upload`, git with this hub's address); the Files tab's "Add file"
// menu (by keyboard) creates a file with a Markdown preview and uploads a file and a folder; a non-README text file is edited from
// its view ("Update {path}" by default), then changed as a pull request; a stale edit gets the conflict message;
// a file is deleted from its view; another signed-in user sees no edit controls, only "Open a pull request" and
// "Add file" (new files as a pull request: upload with the pull-request box checked and locked, create, a folder
// dropped on the upload page or on the Files tab, .git/ left out, a large file through LFS), and a visitor a
// sign-in prompt; the owner's pull-request box starts unchecked. Pages pass the accessibility checks in light, dark and at phone width (screenshots files-edit-*).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { checkPage, otherBrowser, PASSWORD, unique } from "./accounts";
import { expect, test } from "./fixtures";

async function joinByApi(request: APIRequestContext, user: string): Promise<string> {
  const response = await request.post("/api/web/join", { data: { username: user, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function createModel(request: APIRequestContext, csrf: string, name: string): Promise<void> {
  const response = await request.post("/api/repos/create", {
    headers: { "X-CSRF-Token": csrf },
    data: { name, type: "model" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function fileText(page: Page, repo: string, path: string, rev = "main"): Promise<string> {
  const response = await page.request.get(`/${repo}/resolve/${rev}/${path}`);
  return response.ok() ? response.text() : `(${response.status()})`;
}

async function lastCommitTitle(page: Page, repo: string): Promise<string> {
  const commits = (await (await page.request.get(`/api/models/${repo}/commits/main`)).json()) as Array<{
    title: string;
  }>;
  return commits[0]?.title ?? "";
}

test("owner: empty-repo help, Add file → create (preview) and upload, edit, edit as a PR, conflict, delete", async ({
  page,
  guard,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const user = unique("fe");
  const repo = `${user}/notes`;
  const csrf = await joinByApi(page.request, user);
  await createModel(page.request, csrf, "notes");

  // The empty repository's card says how to add files, with this hub's own address.
  await page.goto(`/${repo}`);
  const help = page.getByRole("region", { name: "This repository is empty" });
  await expect(help).toBeVisible();
  await expect(page.getByText("This repository has no README.md yet.")).toHaveCount(0);
  await expect(help.getByLabel("Upload with the hf command line")).toContainText(`HF_ENDPOINT=${baseURL}`);
  await expect(help.getByLabel("Upload with the hf command line")).toContainText(`hf upload ${repo} .`);
  await expect(help.getByLabel("Upload with git")).toContainText(`git clone ${baseURL}/${repo}`);
  await expect(help.getByRole("link", { name: "Upload files" })).toBeVisible();
  await expect(help.getByRole("button", { name: "Copy" })).toHaveCount(2);
  await checkPage(page, "empty-repo", { prefix: "files-edit", wideInsideScrollers: true });

  // The Files tab of the empty repository: the same help, and the "Add file" menu, by keyboard.
  await page.goto(`/${repo}/tree/main`);
  await expect(page.getByRole("region", { name: "This repository is empty" })).toBeVisible();
  const addFile = page.getByRole("button", { name: /Add file/ });
  await addFile.focus();
  await page.keyboard.press("Enter");
  await expect(addFile).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Upload files" }).first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(addFile).toHaveAttribute("aria-expanded", "false");
  await expect(addFile).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const createLink = page.locator(".add-file-items").getByRole("link", { name: "Create a new file" });
  await expect(createLink).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(`/${repo}/new/main`);

  // Create a Markdown file: path field, Edit/Preview tabs (arrow keys), default message "Create {path}".
  await expect(page.getByRole("heading", { level: 1, name: "Create a new file" })).toBeVisible();
  await page.getByLabel("Path of the new file").fill("docs/guide.md");
  await page.getByLabel("Content").fill("# Guide\n\nHello **world**.\n");
  await page.getByRole("tab", { name: "Edit" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Preview" })).toHaveAttribute("aria-selected", "true");
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Guide" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("world");
  await expect(page.getByLabel("Commit message")).toHaveAttribute("placeholder", "Create docs/guide.md");
  await checkPage(page, "new-file-preview", { prefix: "files-edit" });
  await page.getByRole("tab", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Commit changes" }).click();
  await page.waitForURL(`/${repo}/blob/main/docs/guide.md`);
  expect(await fileText(page, repo, "docs/guide.md")).toBe("# Guide\n\nHello **world**.\n");
  expect(await lastCommitTitle(page, repo)).toBe("Create docs/guide.md");

  // Upload through the menu (the upload page, into the folder shown).
  await page.goto(`/${repo}/tree/main`);
  await page.getByRole("button", { name: /Add file/ }).click();
  await page.locator(".add-file-items").getByRole("link", { name: "Upload files" }).click();
  await page.waitForURL(`/${repo}/upload/main`);
  await page
    .getByLabel("Choose files")
    .setInputFiles([{ name: "data.txt", mimeType: "text/plain", buffer: Buffer.from("one,two\n") }]);
  await page.getByRole("button", { name: "Commit changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Committed" })).toBeVisible({ timeout: 30_000 });
  expect(await fileText(page, repo, "data.txt")).toBe("one,two\n");
  // A whole folder, keeping its layout.
  const local = mkdtempSync(join(tmpdir(), "files-edit-"));
  mkdirSync(join(local, "samples", "deep"), { recursive: true });
  writeFileSync(join(local, "samples", "a.txt"), "a\n");
  writeFileSync(join(local, "samples", "deep", "b.txt"), "b\n");
  await page.getByLabel("Choose a folder").setInputFiles(join(local, "samples"));
  await expect(page.getByRole("list", { name: "Chosen files" })).toContainText("samples/deep/b.txt");
  await page.getByRole("button", { name: "Commit changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Committed" })).toBeVisible({ timeout: 30_000 });
  expect(await fileText(page, repo, "samples/deep/b.txt")).toBe("b\n");
  expect(await fileText(page, repo, "samples/a.txt")).toBe("a\n");
  rmSync(local, { recursive: true, force: true });

  // The tree now lists the files (no empty-repo help), with the menu in its header.
  await page.goto(`/${repo}/tree/main`);
  await expect(page.getByRole("link", { name: "data.txt", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "This repository is empty" })).toHaveCount(0);
  await page.getByRole("button", { name: /Add file/ }).click();
  await checkPage(page, "tree-menu", { prefix: "files-edit" });

  // Edit a non-README text file from its view, with the preview; the default message is "Update {path}".
  await page.goto(`/${repo}/blob/main/docs/guide.md`);
  await expect(page.getByRole("link", { name: "Edit guide.md" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete guide.md" })).toBeVisible();
  await checkPage(page, "file-view", { prefix: "files-edit" });
  await page.getByRole("link", { name: "Edit guide.md" }).click();
  await page.waitForURL(`/${repo}/edit/main/docs/guide.md`);
  const content = page.getByLabel("Content of docs/guide.md");
  await expect(content).toHaveValue("# Guide\n\nHello **world**.\n");
  await content.fill("# Guide\n\nHello *edited* world.\n");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel", { name: "Preview" }).locator("em")).toHaveText("edited");
  await page.getByRole("tab", { name: "Edit" }).click();
  await expect(page.getByLabel("Commit message")).toHaveAttribute("placeholder", "Update docs/guide.md");
  await page.getByLabel("Description (optional)").fill("Why: a better greeting.");
  await checkPage(page, "edit", { prefix: "files-edit" });
  await page.getByRole("button", { name: "Commit changes" }).click();
  await page.waitForURL(`/${repo}/blob/main/docs/guide.md`);
  expect(await fileText(page, repo, "docs/guide.md")).toBe("# Guide\n\nHello *edited* world.\n");
  expect(await lastCommitTitle(page, repo)).toBe("Update docs/guide.md");

  // The same edit as a pull request: main is unchanged, the pull request holds the change.
  await page.goto(`/${repo}/edit/main/docs/guide.md`);
  await page.getByLabel("Content of docs/guide.md").fill("# Guide\n\nProposed.\n");
  await page.getByRole("radio", { name: /Open as a pull request/ }).check();
  await page.getByRole("button", { name: "Commit changes" }).click();
  await page.waitForURL(`/${repo}/discussions/1`);
  expect(await fileText(page, repo, "docs/guide.md")).toBe("# Guide\n\nHello *edited* world.\n");
  expect(await fileText(page, repo, "docs/guide.md", encodeURIComponent("refs/pr/1"))).toBe("# Guide\n\nProposed.\n");

  // A stale editor: the branch moves meanwhile (a commit from elsewhere), the commit is refused with a clear message.
  await page.goto(`/${repo}/edit/main/docs/guide.md`);
  await expect(page.getByLabel("Content of docs/guide.md")).toHaveValue("# Guide\n\nHello *edited* world.\n");
  const other = [
    JSON.stringify({ key: "header", value: { summary: "From elsewhere" } }),
    JSON.stringify({ key: "file", value: { path: "other.txt", content: "eA==", encoding: "base64" } }),
  ].join("\n");
  const moved = await page.request.post(`/api/models/${repo}/commit/main`, {
    headers: { "X-CSRF-Token": csrf, "Content-Type": "application/x-ndjson" },
    data: other,
  });
  expect(moved.status()).toBe(200);
  await page.getByLabel("Content of docs/guide.md").fill("# Guide\n\nStale.\n");
  await page.getByRole("button", { name: "Commit changes" }).click();
  await expect(page.getByRole("alert")).toContainText("changed since you opened the editor");
  await expect(page.getByLabel("Content of docs/guide.md")).toHaveValue("# Guide\n\nStale.\n");
  expect(await fileText(page, repo, "docs/guide.md")).toBe("# Guide\n\nHello *edited* world.\n");
  // The browser logs the refused request (412) as a console error: that one is expected here.
  guard.errors.splice(0, guard.errors.length, ...guard.errors.filter((error) => !error.includes("412")));

  // Delete a file from its view.
  await page.goto(`/${repo}/blob/main/data.txt`);
  await page.getByRole("link", { name: "Delete data.txt" }).click();
  await page.waitForURL(`/${repo}/delete/main/data.txt`);
  await page.getByRole("button", { name: "Delete the file" }).click();
  await page.waitForURL(`/${repo}/tree/main`);
  expect((await page.request.get(`/${repo}/resolve/main/data.txt`)).status()).toBe(404);
});

test("another signed-in user sees no edit controls, only 'Open a pull request'; a visitor sees none", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = unique("feo");
  const csrf = await joinByApi(page.request, owner);
  await createModel(page.request, csrf, "shared");
  const repo = `${owner}/shared`;
  const body = [
    JSON.stringify({ key: "header", value: { summary: "Add notes" } }),
    JSON.stringify({ key: "file", value: { path: "notes.txt", content: "aGVsbG8K", encoding: "base64" } }),
  ].join("\n");
  expect(
    (
      await page.request.post(`/api/models/${repo}/commit/main`, {
        headers: { "X-CSRF-Token": csrf, "Content-Type": "application/x-ndjson" },
        data: body,
      })
    ).status(),
  ).toBe(200);

  const reader = await otherBrowser(browser, baseURL);
  await joinByApi(reader.request, unique("fer"));
  await reader.goto(`/${repo}/blob/main/notes.txt`);
  await expect(reader.getByRole("link", { name: "Open a pull request" })).toBeVisible();
  await expect(reader.getByRole("link", { name: /^(Edit|Delete|Replace)/ })).toHaveCount(0);
  await reader.goto(`/${repo}/tree/main`);
  await expect(reader.getByRole("link", { name: "notes.txt", exact: true })).toBeVisible();
  // They may add new files, as a pull request (the next test follows that through).
  await expect(reader.getByRole("button", { name: /Add file/ })).toBeVisible();
  // Their editor can only open a pull request.
  await reader.goto(`/${repo}/edit/main/notes.txt`);
  await expect(reader.getByText("You cannot commit to this repository directly")).toBeVisible();
  await expect(reader.getByRole("radio")).toHaveCount(0);
  await reader.getByLabel("Content of notes.txt").fill("hello, proposed\n");
  await reader.getByRole("button", { name: "Open a pull request" }).click();
  await reader.waitForURL(`/${repo}/discussions/1`);
  expect(await fileText(page, repo, "notes.txt")).toBe("hello\n");
  await reader.context().close();

  const visitor = await otherBrowser(browser, baseURL);
  await visitor.goto(`/${repo}/blob/main/notes.txt`);
  await expect(visitor.getByRole("heading", { name: "notes.txt" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: /^(Edit|Delete|Replace|Open a pull request)/ })).toHaveCount(0);
  await visitor.goto(`/${repo}/tree/main`);
  await expect(visitor.getByRole("link", { name: "notes.txt", exact: true })).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Add file/ })).toHaveCount(0);
  // Instead of "Add file", a sign-in prompt that comes back to this folder.
  await expect(visitor.getByRole("link", { name: "Sign in to add files" })).toHaveAttribute(
    "href",
    `/login?next=${encodeURIComponent(`/${repo}/tree/main`)}`,
  );
  await checkPage(visitor, "visitor-tree", { prefix: "files-edit" });
  await visitor.context().close();
});

/** A folder tree to drop: a file's text, `{ bytes }` for a file of that many zero bytes, or a nested folder. */
interface DropTree {
  [name: string]: string | { bytes: number } | DropTree;
}

/**
 * Drops `tree` onto `target` as a browser does when folders are dragged from the desktop: a drop event whose
 * DataTransfer items answer webkitGetAsEntry with directory and file entries (readEntries in batches, then empty).
 * Playwright cannot drag from outside the page, so the entries are built in the page with the same interface.
 */
async function dropFolders(page: Page, target: string, tree: DropTree): Promise<void> {
  await page
    .locator(target)
    .first()
    .evaluate((element, spec) => {
      type Spec = string | { bytes: number } | { [name: string]: Spec };
      const isFileSpec = (value: Spec): value is string | { bytes: number } =>
        typeof value === "string" || typeof (value as { bytes?: unknown }).bytes === "number";
      const entry = (name: string, value: Spec): unknown => {
        if (isFileSpec(value)) {
          const body = typeof value === "string" ? value : new Uint8Array(value.bytes);
          return {
            name,
            isFile: true,
            isDirectory: false,
            file: (done: (file: File) => void) => done(new File([body], name)),
          };
        }
        const children = Object.entries(value).map(([child, inner]) => entry(child, inner));
        return {
          name,
          isFile: false,
          isDirectory: true,
          createReader: () => {
            let at = 0;
            return {
              readEntries: (done: (entries: unknown[]) => void) => {
                const part = children.slice(at, at + 2);
                at += part.length;
                setTimeout(() => done(part), 0);
              },
            };
          },
        };
      };
      const roots = Object.entries(spec as Record<string, Spec>).map(([name, value]) => entry(name, value));
      const transfer = {
        types: ["Files"],
        files: [],
        items: roots.map((root) => ({ kind: "file", type: "", webkitGetAsEntry: () => root })),
      };
      for (const type of ["dragenter", "dragover", "drop"]) {
        const event = new DragEvent(type, { bubbles: true, cancelable: true });
        Object.defineProperty(event, "dataTransfer", { value: transfer });
        element.dispatchEvent(event);
      }
    }, tree);
}

test("a signed-in reader adds files as a pull request (upload, create, dropped folders); the owner's box starts unchecked", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const ownerPage = await otherBrowser(browser, baseURL);
  const owner = unique("fpo");
  const csrf = await joinByApi(ownerPage.request, owner);
  await createModel(ownerPage.request, csrf, "open");
  const repo = `${owner}/open`;
  const seed = [
    JSON.stringify({ key: "header", value: { summary: "Add notes" } }),
    JSON.stringify({ key: "file", value: { path: "notes.txt", content: "aGVsbG8K", encoding: "base64" } }),
  ].join("\n");
  const seeded = await ownerPage.request.post(`/api/models/${repo}/commit/main`, {
    headers: { "X-CSRF-Token": csrf, "Content-Type": "application/x-ndjson" },
    data: seed,
  });
  expect(seeded.status()).toBe(200);
  // The owner: the upload page's pull-request box, from the server's answer, starts unchecked and can be ticked.
  await ownerPage.goto(`/${repo}/upload/main`);
  const ownerBox = ownerPage.getByRole("checkbox", { name: /Open as a pull request/ });
  await expect(ownerBox).not.toBeChecked();
  await expect(ownerBox).toBeEnabled();
  await expect(ownerPage.getByRole("button", { name: "Commit changes" })).toBeVisible();
  await ownerPage.context().close();

  const reader = unique("fpr");
  await joinByApi(page.request, reader);
  const prFile = async (num: number, path: string) =>
    (await page.request.get(`/${repo}/resolve/${encodeURIComponent(`refs/pr/${num}`)}/${path}`)).text();

  // "Add file" by keyboard only → Create a new file → the editor, which can only open a pull request.
  await page.goto(`/${repo}/tree/main`);
  const addFile = page.getByRole("button", { name: /Add file/ });
  await addFile.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(".add-file-items").getByRole("link", { name: "Create a new file" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(`/${repo}/new/main`);
  await expect(page.getByText("You cannot commit to this repository directly")).toBeVisible();
  await page.getByLabel("Path of the new file").focus();
  await page.keyboard.type("ideas.txt");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Content")).toBeFocused();
  await page.keyboard.type("an idea\n");
  const propose = page.getByRole("button", { name: "Open a pull request" });
  for (let step = 0; step < 8; step++) {
    if (await propose.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(propose).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(`/${repo}/discussions/1`);
  expect(await prFile(1, "ideas.txt")).toBe("an idea\n");
  expect((await page.request.get(`/${repo}/resolve/main/ideas.txt`)).status()).toBe(404);

  // Upload files: the box is checked and locked; a folder dropped on the drop zone keeps its layout, .git/ left out.
  await page.goto(`/${repo}/tree/main`);
  await page.getByRole("button", { name: /Add file/ }).click();
  await page.locator(".add-file-items").getByRole("link", { name: "Upload files" }).click();
  await page.waitForURL(`/${repo}/upload/main`);
  const box = page.getByRole("checkbox", { name: /Open as a pull request/ });
  await expect(box).toBeChecked();
  await expect(box).toBeDisabled();
  await dropFolders(page, ".drop-zone", {
    samples: { "a.txt": "a\n", deep: { "b.txt": "b\n", deeper: { "c.txt": "c\n" } }, ".git": { HEAD: "ref\n" } },
  });
  const chosen = page.getByRole("list", { name: "Chosen files" });
  await expect(chosen).toContainText("samples/deep/deeper/c.txt");
  await expect(chosen.getByRole("listitem")).toHaveCount(3);
  await expect(chosen).not.toContainText(".git");
  await expect(page.getByRole("status").filter({ hasText: "the .git folder was skipped" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /3 files .* will be proposed in a pull request/ })).toBeVisible();
  await checkPage(page, "reader-upload", { prefix: "files-edit" });
  await page.getByRole("button", { name: "Open a pull request" }).click();
  await page.waitForURL(`/${repo}/discussions/2`, { timeout: 30_000 });
  expect(await prFile(2, "samples/deep/deeper/c.txt")).toBe("c\n");
  expect(await prFile(2, "samples/a.txt")).toBe("a\n");
  expect(
    (await page.request.get(`/${repo}/resolve/${encodeURIComponent("refs/pr/2")}/samples/.git/HEAD`)).status(),
  ).toBe(404);
  expect((await page.request.get(`/${repo}/resolve/main/samples/a.txt`)).status()).toBe(404);

  // A folder dropped onto the Files tab (inside a folder): the upload page for that folder, listing it first.
  await page.goto(`/${repo}/tree/main`);
  await expect(page.getByRole("link", { name: "notes.txt", exact: true })).toBeVisible();
  await dropFolders(page, ".file-table", {
    weights: { "model.bin": { bytes: 11 * 1024 * 1024 }, "config.json": "{}\n" },
  });
  await page.waitForURL(`/${repo}/upload/main`);
  await expect(page.getByRole("list", { name: "Chosen files" })).toContainText("weights/model.bin");
  await expect(page.getByRole("heading", { name: /2 files .* will be proposed in a pull request/ })).toBeVisible();
  await page.getByRole("button", { name: "Open a pull request" }).click();
  await page.waitForURL(`/${repo}/discussions/3`, { timeout: 60_000 });
  expect(await prFile(3, "weights/config.json")).toBe("{}\n");
  // The large file went through LFS, as uploads from the page do.
  const tree = (await (
    await page.request.get(`/api/models/${repo}/tree/${encodeURIComponent("refs/pr/3")}/weights`)
  ).json()) as Array<{ path: string; lfs?: { size: number } }>;
  expect(tree.find((entry) => entry.path === "weights/model.bin")?.lfs?.size).toBe(11 * 1024 * 1024);
  expect((await page.request.get(`/${repo}/resolve/main/weights/config.json`)).status()).toBe(404);
});

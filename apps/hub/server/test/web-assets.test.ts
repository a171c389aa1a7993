// The served site holds only the site: the build's source maps and its `.vite/manifest.json` (kept in dist for
// tooling) answer 404, however the path is spelled, while the assets beside them are served.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { WebAssets } from "../src/web-assets.js";
import { temporaryFolder } from "./files.js";

const dist = temporaryFolder("web-assets");
mkdirSync(join(dist, "assets"));
mkdirSync(join(dist, ".vite"));
writeFileSync(join(dist, "index.html"), "<!doctype html><title>Hubkit</title>");
writeFileSync(join(dist, "assets/index-abc123.js"), "console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n");
writeFileSync(join(dist, "assets/index-abc123.js.map"), '{"version":3,"sources":["../src/secret.ts"]}');
writeFileSync(join(dist, ".vite/manifest.json"), '{"index.html":{"file":"assets/index-abc123.js"}}');
const web = new WebAssets(dist);

it("serves the assets themselves", async () => {
  const script = await web.respond("/assets/index-abc123.js");
  expect(script.status).toBe(200);
  expect(await script.text()).toContain("console.log(1)");
});

it.each([
  "/.vite/manifest.json",
  "/%2Evite/manifest.json",
  "/assets/../.vite/manifest.json",
  "/assets/index-abc123.js.map",
  "/assets/index-abc123.js.MAP",
  "/assets/index-abc123.js%2Emap",
])("answers 404 for %s", async (path) => {
  const response = await web.respond(path);
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain("sources");
});

it("a missing asset is a 404, but a repository's file page is the app", async () => {
  expect((await web.respond("/assets/missing-123.js")).status).toBe(404);
  expect((await web.respond("/favicon.png")).status).toBe(404);
  for (const page of ["/alice/demo/blob/main/logo.png", "/datasets/alice/rows/blob/main/data.csv", "/alice/app.js"]) {
    const response = await web.respond(page);
    expect(response.status, page).toBe(200);
    expect(await response.text()).toContain("<title>Hubkit</title>");
  }
});

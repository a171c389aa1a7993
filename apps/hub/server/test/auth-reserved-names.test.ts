// The reserved names (shared/reserved-names.ts) cover every top-level path of the site, so that no user or
// organization can ever own `/{name}` of a site section: the web route table, the server's own non-API routes,
// the folders the web build writes (web/vite.config.ts) and, when the site is built, web/dist's top-level entries.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { isReservedNamespace, RESERVED_NAMESPACES } from "../../shared/reserved-names.js";
import { HUB_DIR } from "../src/config.js";
import { isValidNamespace } from "../src/repos/repo-ref.js";

/** Files under `dir` (recursively) whose name ends with `.ts`/`.tsx`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A first path segment that a namespace could spell (anything else can never collide with one). */
const couldBeNamespace = (segment: string) => /^[A-Za-z0-9-]{2,42}$/.test(segment) && !/^\d+$/.test(segment);

describe("reserved names", () => {
  test("every first segment of the web route table is reserved", () => {
    // The table both the web router and the server read (web/src/routes.ts gives its entries their pages).
    const table = readFileSync(join(HUB_DIR, "shared/site-routes.ts"), "utf8");
    // Every string literal that starts a path ("/tasks", `/settings/tokens`, the "/datasets" prefix …).
    const segments = [...table.matchAll(/["'`]\/([A-Za-z0-9-]+)/g)].map((match) => match[1] ?? "");
    expect(segments.length).toBeGreaterThan(10); // the walk found the table
    for (const segment of new Set(segments)) expect(isReservedNamespace(segment), `/${segment}`).toBe(true);
  });

  test("every first segment of the server's own routes is reserved", () => {
    const segments = new Set<string>();
    for (const file of sources(join(HUB_DIR, "server/src")))
      for (const match of readFileSync(file, "utf8").matchAll(
        /\.(?:get|post|put|delete|patch|all|on|use)\(\s*["'`]\/([A-Za-z0-9-]+)/g,
      ))
        segments.add(match[1] ?? "");
    // URLs the server hands out for pages it does not route itself (avatars in whoami and commit authors).
    for (const file of sources(join(HUB_DIR, "server/src")))
      for (const match of readFileSync(file, "utf8").matchAll(/`\/(avatars)\//g)) segments.add(match[1] ?? "");
    expect(segments).toContain("api");
    for (const segment of segments)
      if (couldBeNamespace(segment)) expect(isReservedNamespace(segment), segment).toBe(true);
  });

  test("the built site's top-level folders are reserved (task-assets, assets; web/dist when built)", () => {
    const vite = readFileSync(join(HUB_DIR, "web/vite.config.ts"), "utf8");
    const written = [...vite.matchAll(/join\(outDir,\s*"([^"]+)"\)/g)].map((match) => match[1] ?? "");
    expect(written).toContain("task-assets");
    const entries = ["assets", ...written];
    for (const dir of ["web/dist", "web/public"]) {
      const path = join(HUB_DIR, dir);
      if (existsSync(path)) entries.push(...readdirSync(path));
    }
    for (const entry of entries) if (couldBeNamespace(entry)) expect(isReservedNamespace(entry), entry).toBe(true);
  });

  test("reserved names are refused as namespaces in any letter case", () => {
    for (const name of RESERVED_NAMESPACES) {
      expect(isValidNamespace(name)).toBe(false);
      expect(isValidNamespace(name.toUpperCase())).toBe(false);
    }
    expect(isValidNamespace("Task-Assets")).toBe(false);
  });
});

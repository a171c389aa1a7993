// Playwright's web server: builds the web app when its build is missing or older than its sources, then starts the
// REAL Hubkit server (the same entry point as `npm start`) on HOST:PORT with a fresh temporary PGlite data folder,
// seeded from the repository's model index. Stops the server and removes the folder on SIGTERM/SIGINT.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const hubDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = resolve(hubDir, "../..");
// A build of its own (not web/dist, which `npm run build` and other tools rewrite): a rebuild while the tests run
// would swap the hashed asset names under the browser.
const distDir = join(hubDir, "test-results/e2e-web-dist");
const distIndex = join(distDir, "index.html");

/** Newest modification time under `path` (files only), skipping dependency and build folders. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

// The web app bundles the workspace packages from their sources, so they count as its sources too.
const sources = [
  join(hubDir, "web/src"),
  join(hubDir, "web/index.html"),
  join(hubDir, "web/vite.config.ts"),
  join(hubDir, "web/task-about-module.ts"),
  join(repoDir, "packages/tasks/package.json"), // its exports map names the task about pages
  ...["jinja", "tasks", "inference"].flatMap((name) => [
    join(repoDir, "packages", name, "src"),
    join(repoDir, "packages", name, "assets"),
  ]),
];
const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
if (process.env.HUBKIT_E2E_SKIP_BUILD !== "1" && Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log("[e2e] building the web app (vite build web)…");
  const build = spawnSync("npx", ["vite", "build", "web", "--outDir", distDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: hubDir,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("[e2e] the web build failed");
    process.exit(build.status ?? 1);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-e2e-"));
const server = spawn(process.execPath, ["--conditions=hubkit-source", "--import", "tsx", "server/src/main.ts"], {
  cwd: hubDir,
  stdio: "inherit",
  env: {
    ...process.env,
    HOST: process.env.HOST ?? "127.0.0.1",
    PORT: process.env.PORT ?? "5391",
    HUBKIT_DATA_DIR: dataDir,
    HUBKIT_WEB_DIST: distDir,
    HUBKIT_UPSTREAM_HUB: "",
    // Tests create users, tokens and repositories through the admin API (e2e/repo-pages.spec.ts and others).
    HUBKIT_ADMIN_TOKEN: process.env.HUBKIT_ADMIN_TOKEN ?? "hf_e2e_admin_token_not_a_secret_0123456789",
    DATABASE_URL: "",
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
server.on("exit", (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill("SIGTERM"));

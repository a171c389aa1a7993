// `npm start`: builds the site only when what it is built from changed, then runs the server from its TypeScript
// sources. No type-checking here (that is `npm test` / `npm run build`): the server runs through tsx and the
// workspace packages resolve to their sources through the `hubkit-source` export condition, so nothing else
// needs building.
//
// "Changed" = the sha256 of any file the last build read differs, or one is gone (web/build-outputs.ts writes the
// list, with each file's hash, into web/dist/.hubkit-build.json). A new file can only enter the build through an
// import in a file that changes, so the list is complete; contents, not mtimes, because a clone or a checkout
// touches every mtime. HUBKIT_WEB_DIST (a site built elsewhere) skips the check.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const hubDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoDir = resolve(hubDir, "../..");
const distDir = join(hubDir, "web/dist");
const log = (line) => console.log(`[start] ${line}`);

/** Why the site needs building, or undefined when web/dist was built from exactly the files there are now. */
export function staleReason(dist = distDir, repo = repoDir) {
  let text;
  try {
    text = readFileSync(join(dist, ".hubkit-build.json"), "utf8");
  } catch {
    return "no build yet";
  }
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    return "the last build's inputs list is unreadable";
  }
  if (manifest?.version !== 1 || typeof manifest.inputs !== "object" || manifest.inputs === null)
    return "the last build's inputs list is unreadable";
  let folders;
  try {
    folders = readdirSync(join(repo, "packages/tasks/src/tasks")).sort();
  } catch {
    folders = [];
  }
  if (JSON.stringify(folders) !== JSON.stringify(manifest.taskFolders)) return "the task folders changed";
  for (const [path, hash] of Object.entries(manifest.inputs)) {
    let bytes;
    try {
      bytes = readFileSync(join(repo, path));
    } catch {
      return `${path} is gone`;
    }
    if (createHash("sha256").update(bytes).digest("hex") !== hash) return `${path} changed`;
  }
  return undefined;
}

function run(command, args, options) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.once("error", fail);
    child.once("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function buildSiteIfStale() {
  if (process.env.HUBKIT_WEB_DIST?.trim()) return;
  const started = performance.now();
  const reason = staleReason();
  const checkMs = Math.round(performance.now() - started);
  if (reason === undefined) {
    log(`site up to date (inputs checked in ${checkMs} ms)`);
    return;
  }
  log(`building the site (${reason})…`);
  const vite = join(dirname(createRequire(join(hubDir, "package.json")).resolve("vite/package.json")), "bin/vite.js");
  const code = await run(process.execPath, [vite, "build", "web", "--logLevel", "warn"], { cwd: hubDir });
  if (code !== 0) {
    console.error("[start] the site build failed (see above); the server starts without it");
    return;
  }
  log(`site built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  await buildSiteIfStale();
  const server = spawn(
    process.execPath,
    ["--conditions=hubkit-source", "--import", "tsx", "server/src/main.ts", ...process.argv.slice(2)],
    { cwd: hubDir, stdio: "inherit" },
  );
  // The server closes cleanly on SIGINT/SIGTERM (main.ts); this wrapper passes them on and exits as it does.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

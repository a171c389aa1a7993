// A fresh PGlite folder is initialised from the shipped cluster template, crash-safely: a folder left by a crash at
// any point of its initialisation (a kill -9 included) is initialised again on the next open, never opened as half
// a cluster, and the folder lock holds throughout.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, expect, it } from "vitest";
import { type Db, openPglite } from "../src/store/db.js";
import { FolderLockedError, LOCK_FILE_NAME, lockFolder } from "../src/store/folder-lock.js";
import { CLUSTER_MARKER, hasCluster, initialiseCluster, STAGING_NAME } from "../src/store/pglite-init.js";
import { clusterTemplate, installedPgliteVersion, unpackClusterTemplate } from "../src/store/pglite-template.js";
import { temporaryFolder } from "./files.js";
import { killChildren } from "./kill-children.js";

const serverDir = resolve(import.meta.dirname, "..");
const work = temporaryFolder("pglite-init");
const children: ChildProcess[] = [];
const opened: Db[] = [];

afterEach(async () => {
  await killChildren(children);
  for (const db of opened.splice(0)) await db.close();
});

async function databases(db: Db): Promise<string[]> {
  const rows = await db.query<{ datname: string }>("SELECT datname FROM pg_database ORDER BY 1");
  return rows.map((row) => row.datname);
}

/** Opens `dir`, checks it is a whole working cluster (a table written and read back), and keeps it for afterEach. */
async function openWorking(dir: string): Promise<Db> {
  const db = await openPglite(dir);
  opened.push(db);
  expect(await databases(db)).toEqual(["postgres", "template0", "template1"]);
  await db.query("CREATE TABLE probe (id int PRIMARY KEY)");
  await db.query("INSERT INTO probe VALUES (1)");
  expect(await db.query("SELECT id FROM probe")).toEqual([{ id: 1 }]);
  return db;
}

it("ships a cluster template made by the installed PGlite (after an upgrade: npm run pglite-template -w apps/hub)", () => {
  const template = clusterTemplate();
  expect(template).toHaveProperty("file");
  if ("file" in template) expect(template.file).toContain(installedPgliteVersion());
});

it("initialises a fresh folder from the template, keeps the lock throughout and leaves no staging behind", async () => {
  const dir = join(work, "fresh");
  await openWorking(dir);
  expect(existsSync(join(dir, STAGING_NAME))).toBe(false);
  expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
  expect(() => lockFolder(dir)).toThrow(FolderLockedError);
});

it("starts an in-memory database from the template too", async () => {
  const db = await openPglite(undefined);
  opened.push(db);
  expect(await databases(db)).toEqual(["postgres", "template0", "template1"]);
});

it("redoes a folder left half initialised: a stale staging folder and entries of an interrupted move", async () => {
  const dir = join(work, "half");
  mkdirSync(join(dir, STAGING_NAME, "base"), { recursive: true });
  writeFileSync(join(dir, STAGING_NAME, "base", "junk"), "from a crash");
  // What a move interrupted before PG_VERSION leaves: some of the cluster's folders, with nothing usable in them.
  mkdirSync(join(dir, "global"), { recursive: true });
  writeFileSync(join(dir, "global", "pg_control"), "torn");
  mkdirSync(join(dir, "base", "1"), { recursive: true });
  writeFileSync(join(dir, "base", "1", "junk"), "from a crash");
  expect(hasCluster(dir)).toBe(false);
  await openWorking(dir);
  expect(existsSync(join(dir, STAGING_NAME))).toBe(false);
  expect(existsSync(join(dir, "base", "1", "junk"))).toBe(false);
  expect(readFileSync(join(dir, "global", "pg_control")).length).toBeGreaterThan(100);
});

it("leaves no cluster when building it fails, and the next open initialises the folder", async () => {
  const dir = join(work, "failed");
  mkdirSync(dir, { recursive: true });
  const template = clusterTemplate();
  if (!("file" in template)) throw new Error(template.missing);
  await expect(
    initialiseCluster(dir, async (staging) => {
      unpackClusterTemplate(template.file, staging);
      throw new Error("the disk filled up");
    }),
  ).rejects.toThrow("the disk filled up");
  expect(hasCluster(dir)).toBe(false);
  // A build that leaves no PG_VERSION is no cluster either: nothing is moved into place.
  await expect(
    initialiseCluster(dir, async (staging) => {
      mkdirSync(join(staging, "base"), { recursive: true });
    }),
  ).rejects.toThrow("no cluster was built");
  expect(hasCluster(dir)).toBe(false);
  expect(readdirSync(dir)).not.toContain("base");
  await openWorking(dir);
});

/** Starts test/pglite-opener.ts on `dir`, lets it build its staging cluster, and kills it with -9 before the move. */
async function killWhileInitialising(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const child = spawn(process.execPath, ["--import", "tsx", "test/pglite-opener.ts", dir, "hold-after-build"], {
    cwd: serverDir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const exited = new Promise((done) => child.once("exit", done));
  let output = "";
  await new Promise<void>((built, failed) => {
    const timer = setTimeout(() => failed(new Error(`the opener never built its staging cluster: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output = `${output}${chunk}`.slice(-4000);
      if (output.includes("built")) {
        clearTimeout(timer);
        built();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", () => failed(new Error(`the opener exited before building: ${output}`)));
  });
  child.kill("SIGKILL");
  await exited;
}

it("opens a folder whose initialisation was killed with -9 half way as a whole, fresh cluster", async () => {
  const dir = join(work, "killed");
  await killWhileInitialising(dir);
  // Killed before PG_VERSION was moved into place (its rename is the last step): the folder is no cluster.
  expect(existsSync(join(dir, CLUSTER_MARKER))).toBe(false);
  expect(existsSync(join(dir, STAGING_NAME))).toBe(true);
  await openWorking(dir);
  expect(existsSync(join(dir, STAGING_NAME))).toBe(false);
}, 120_000);

// Test files on disk: a temporary folder removed after the test file's last afterAll hook, and JSON-lines files.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/** A fresh folder under the system temp dir, deleted when the calling test file is done (after its own hooks). */
export function temporaryFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `hubkit-${name}-`));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Writes `records` as a JSON-lines file (one object a line, final newline) and returns its path. */
export function writeJsonl(file: string, records: readonly unknown[]): string {
  writeFileSync(file, `${records.map((record) => JSON.stringify(record)).join("\n")}\n`);
  return file;
}

// The part of the conformance run that `npm test` runs (a project of the root vitest.config.ts): the spec files
// that talk to the hub (those importing the test constants), chosen by measurement — each takes under a second of
// test time against a local hub (the whole run: about a minute, mostly the library's own offline specs, which say
// nothing about Hubkit). Tests the expectations file does not expect to pass are skipped there (so the pass and
// fail counts of `npm test` are Hubkit's); the whole run (`npm run conformance`) judges those.
import { join } from "node:path";
import type { TestProjectInlineConfiguration } from "vitest/config";
import { conformanceProject, HERE } from "./project.js";

const CI_SPECS = [
  "lib/add-collection-item.spec.ts",
  "lib/check-repo-access.spec.ts",
  "lib/commit.spec.ts",
  "lib/copy-files.spec.ts",
  "lib/create-branch.spec.ts",
  "lib/create-collection.spec.ts",
  "lib/create-repo.spec.ts",
  "lib/delete-branch.spec.ts",
  "lib/delete-file.spec.ts",
  "lib/delete-files.spec.ts",
  "lib/download-file.spec.ts",
  "lib/oauth-handle-redirect.spec.ts",
  "lib/upload-file.spec.ts",
  "lib/upload-files-with-progress.spec.ts",
  "lib/upload-files.fs.spec.ts",
  "lib/upload-files.spec.ts",
  "lib/who-am-i.spec.ts",
] as const;

export function ciSubsetProject(): TestProjectInlineConfiguration {
  return conformanceProject({
    name: "hub-conformance",
    specs: CI_SPECS,
    setupFiles: [join(HERE, "skip-expected-failures.ts")],
  });
}

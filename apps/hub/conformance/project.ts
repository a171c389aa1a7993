// The Vitest project that runs @huggingface/hub's own specs straight from node_modules against a fresh Hubkit:
// the full conformance run (vitest.config.ts here) and the CI subset in the root config both build on it.
// The specs import their hub address, user and token from `../test/consts`; a resolver plugin hands them
// consts.ts instead, whose values the global setup put into the environment. Nothing is copied from the package.
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import type { TestProjectInlineConfiguration } from "vitest/config";

export const HERE = dirname(fileURLToPath(import.meta.url));
/** The installed @huggingface/hub (its `exports` resolve to dist/index.js). */
export const HUB_PACKAGE = resolve(dirname(createRequire(import.meta.url).resolve("@huggingface/hub")), "..");
const HUB_SRC = join(HUB_PACKAGE, "src");
const SPECS_CONSTS = join(HUB_SRC, "test", "consts");
const OUR_CONSTS = join(HERE, "consts.ts");

/** A spec file's id in the expectations file: its path under the package's src, with `/`. */
export function specFileId(moduleId: string): string {
  return relative(HUB_SRC, moduleId).split(sep).join("/");
}

function constsRedirect(): Plugin {
  return {
    name: "hubkit-conformance-consts",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer === undefined || !importer.startsWith(HUB_SRC + sep)) return null;
      if (!source.startsWith(".")) return null;
      const target = resolve(dirname(importer), source).replace(/\.(ts|js)$/, "");
      return target === SPECS_CONSTS ? OUR_CONSTS : null;
    },
  };
}

export interface ConformanceProjectOptions {
  name: string;
  /** Spec files, relative to the package's src (`lib/create-repo.spec.ts`); default: all of them. */
  specs?: readonly string[];
  /** More setup files (absolute paths), after the no-network guard and the working directory. */
  setupFiles?: readonly string[];
}

export function conformanceProject(options: ConformanceProjectOptions): TestProjectInlineConfiguration {
  return {
    plugins: [constsRedirect()],
    test: {
      name: options.name,
      dir: HUB_SRC,
      include: options.specs === undefined ? ["**/*.spec.ts"] : [...options.specs],
      // Vitest leaves node_modules out by default; here node_modules is the point.
      exclude: [],
      environment: "node",
      globalSetup: [join(HERE, "global-setup.ts")],
      setupFiles: [join(HERE, "no-network.ts"), join(HERE, "package-cwd.ts"), ...(options.setupFiles ?? [])],
      // Separate processes (not threads): package-cwd.ts changes the working directory.
      pool: "forks",
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
}

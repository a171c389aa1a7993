import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

// The about pages of the tasks are the `./about/*.md` export of @hubkit/tasks. `import.meta.glob` cannot glob a
// package export (it takes paths only, and a wildcard in the middle of the export's target is escaped), so this
// plugin serves a virtual module with one lazy loader per task instead:
//   export const TASK_ABOUT = { "text-generation": () => import("@hubkit/tasks/about/text-generation.md?raw"), … }
// Each import goes through the package's exports map, and each text becomes its own small chunk.
export const TASK_ABOUT_MODULE = "virtual:hubkit-task-about";
const EXPORT = "./about/*.md";

export function taskAboutModule(): Plugin {
  const resolvedId = `\0${TASK_ABOUT_MODULE}`;
  return {
    name: "hubkit-task-about",
    resolveId: (source) => (source === TASK_ABOUT_MODULE ? resolvedId : null),
    load(id) {
      if (id !== resolvedId) return null;
      const entries = listTaskIds().map(
        (taskId) =>
          `  ${JSON.stringify(taskId)}: () => import(${JSON.stringify(`@hubkit/tasks/about/${taskId}.md?raw`)}).then((m) => m.default),`,
      );
      return `export const TASK_ABOUT = {\n${entries.join("\n")}\n};\n`;
    },
  };
}

/** The ids for which the export's target exists (the `*` of "./src/tasks/*\/about.md" is a task folder). */
function listTaskIds(): string[] {
  const packageJson = createRequire(import.meta.url).resolve("@hubkit/tasks/package.json");
  const target = (JSON.parse(readFileSync(packageJson, "utf8")).exports as Record<string, unknown>)[EXPORT];
  if (typeof target !== "string" || target.split("*").length !== 2)
    throw new Error(`@hubkit/tasks has no "${EXPORT}" export with one wildcard`);
  const [before, after] = target.split("*");
  const folder = join(dirname(packageJson), before);
  return readdirSync(folder)
    .filter((name) => existsSync(join(folder, `${name}${after}`)))
    .sort();
}

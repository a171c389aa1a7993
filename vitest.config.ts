import { defineConfig } from "vitest/config";

// Workspace packages resolve to their TypeScript sources in tests (the "hubkit-source" export condition),
// so no build is needed before `vitest run`; published consumers get dist/.
const sourceConditions = ["hubkit-source", "import", "module", "node", "default"];
const nodeProject = (name: string, include: string[]) => ({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ["hubkit-source"] } },
  test: { name, include, environment: "node" as const, testTimeout: 20_000, hookTimeout: 60_000 },
});

export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    projects: [
      nodeProject("jinja", ["packages/jinja/test/**/*.test.ts"]),
      nodeProject("tasks", ["packages/tasks/test/**/*.test.ts"]),
      nodeProject("inference", ["packages/inference/test/**/*.test.ts"]),
      nodeProject("emulator", ["packages/emulator/test/**/*.test.ts"]),
      nodeProject("hub-server", ["apps/hub/server/test/**/*.test.ts"]),
      "apps/hub/web/vitest.config.ts",
    ],
  },
});

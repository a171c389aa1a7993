import { defineConfig } from "vitest/config";
import { ciSubsetProject } from "./apps/hub/conformance/ci-subset.js";

// Workspace packages resolve to their TypeScript sources in tests (the "hubkit-source" export condition),
// so no build is needed before `vitest run`; published consumers get dist/.
// Vite's defaults plus our condition, minus "module": forcing "import" here would reach Node's `require` in the test
// workers and hand CommonJS packages (e.g. pg → pg-pool) an ES module namespace; "module" picks @aws-sdk/*'s
// dist-es/, whose extensionless imports Node's loader rejects (with "node" they load as in Node).
const sourceConditions = ["hubkit-source", "node", "development|production"];
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
      // @huggingface/hub's own specs against a fresh Hubkit: the hub-facing subset (apps/hub/conformance/README.md)
      ciSubsetProject(),
      nodeProject("hub-conformance-tools", ["apps/hub/conformance/test/**/*.test.ts"]),
      "apps/hub/web/vitest.config.ts",
    ],
  },
});

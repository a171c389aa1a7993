// End-to-end tests: the real Hubkit server (built web app + API + embedded database) in Debian's Chromium.
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.HUBKIT_E2E_PORT ?? 5391);

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "./test-results/playwright",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: [["list"], ["./e2e/summary-reporter.ts"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: "/usr/bin/chromium", // Debian's Chromium: never a downloaded browser
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The real server on a fresh throw-away data folder, serving the built web app (built by `npm run build`).
    command: "node e2e/start-server.mjs",
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { PORT: String(PORT), HOST: "127.0.0.1", HUBKIT_ACCESS_LOG: "0" }, // no access-log line per request
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
  },
});

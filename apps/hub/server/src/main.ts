// `npm start -w apps/hub`: serve the site and the API on HOST:PORT (default 127.0.0.1:5300).
import { loadConfig } from "./config.js";
import { startServer } from "./server.js";

try {
  const config = loadConfig();
  const server = await startServer(
    config,
    (line) => console.log(line),
    config.accessLog === true ? { accessLog: (line) => process.stdout.write(`${line}\n`) } : {},
  );
  const source =
    config.upstreamHub ??
    (config.databaseUrl !== undefined ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir ?? "memory"}`);
  console.log(`[hub] model index: ${source}`);
  console.log(`Hubkit is running at ${server.url}/`);
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // In-flight requests (uploads) get HUBKIT_SHUTDOWN_DRAIN_MS to finish (instances/drain.ts).
      server.close({ drainMs: config.instanceLimits?.shutdownDrainMs ?? 0 }).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
} catch (error) {
  console.error(`[hub] cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

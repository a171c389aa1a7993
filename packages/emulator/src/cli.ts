// Runs the emulator standalone: `tsx packages/emulator/src/cli.ts --port 8787`. Prints the URL, stops on SIGINT/SIGTERM.
import { startEmulator } from "./server.js";

function parsePort(argv: string[]): number {
  const index = argv.indexOf("--port");
  const raw = index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith("--port="))?.slice("--port=".length);
  if (raw === undefined) return 0;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port value: ${raw}`);
  return port;
}

const emulator = await startEmulator({ port: parsePort(process.argv.slice(2)) });
process.stdout.write(`hubkit emulator listening on ${emulator.url}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}

// `npm run conformance [-- --update] [-- <spec filters>]`: the whole conformance run. Runs every
// @huggingface/hub spec against a fresh Hubkit (vitest.config.ts), then judges the outcome against
// expectations.json: exit 1 when an expected pass fails, an expected failure passes (stale file), or a test id is
// new or missing. With --update (or HUBKIT_CONFORMANCE_UPDATE=1) it rewrites expectations.json from the run
// instead (new failures get the reason "unclassified", or "network" when a fetch left the loopback) and
// regenerates the README section that lists the expected failures. Arguments that are not flags filter the spec
// files, as with vitest (`npm run conformance -- lib/create-repo`): only those files are judged or rewritten.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startVitest } from "vitest/node";
import { ExpectationsReporter } from "./expectations-reporter.js";
import { writeReadmeSection } from "./readme-section.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const EXPECTATIONS = join(HERE, "expectations.json");

const args = process.argv.slice(2);
const update = args.includes("--update") || process.env.HUBKIT_CONFORMANCE_UPDATE === "1";
const verbose = args.includes("--verbose");
const unknown = args.filter((arg) => arg.startsWith("-") && arg !== "--update" && arg !== "--verbose");
if (unknown.length > 0) {
  process.stderr.write(`conformance: unknown option ${unknown.join(" ")} (known: --update, --verbose)\n`);
  process.exit(2);
}
const filters = args.filter((arg) => !arg.startsWith("-"));

const reporter = new ExpectationsReporter({
  file: EXPECTATIONS,
  update,
  filtered: filters.length > 0,
  afterUpdate: () => writeReadmeSection(EXPECTATIONS),
});
const vitest = await startVitest("test", filters, {
  config: join(HERE, "vitest.config.ts"),
  watch: false,
  // Vitest's own listing only with --verbose: the expected failures' stacks would bury the surprises.
  reporters: verbose ? ["default", reporter] : [reporter],
});
await vitest.close();
process.exit(reporter.verdict ?? 1);

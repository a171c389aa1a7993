// The part of apps/hub/README.md that lists the conformance run's expected failures, by reason category with why,
// generated from expectations.json (`npm run conformance -- --update` rewrites it; `node --import tsx
// apps/hub/conformance/readme-section.ts` regenerates it alone). Only the text between the two markers changes.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Expectations, fileOf, readExpectations, UNCLASSIFIED } from "./expectations.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const README = join(HERE, "..", "README.md");
export const BEGIN = "<!-- conformance:begin (generated from apps/hub/conformance/expectations.json) -->";
export const END = "<!-- conformance:end -->";

/** Why each reason category fails against a local hub. A category missing here is shown with its name only. */
const CATEGORY_WHY: Record<string, string> = {
  "hosted-only-fixture":
    "reads repositories, collections or the CI account that exist only on huggingface.co or hub-ci (the specs' " +
    "read-only tests call huggingface.co, their default hub, with real models such as openai-community/gpt2); " +
    "the run has no network, and a local hub cannot hold the hosted repositories' exact commits and metadata",
  network:
    "fetches content from another site (files given to an upload as URLs of huggingface.co, web blobs): the " +
    "run has no network",
  "fixture-not-published": "reads a fixture file that the npm tarball of @huggingface/hub does not ship",
  "not-supported:buckets": "storage buckets are a hosted-only feature; Hubkit answers a clear 501 naming it",
  "not-supported:oauth": "Hubkit is no OAuth/OpenID provider; the spec reads /.well-known/openid-configuration",
  flaky: "a timing assertion of the library's own, which a loaded machine can miss: either outcome is accepted",
  [UNCLASSIFIED]: "a new failure nobody has classified yet",
};

const MAX_NAMED = 3;

/** The category's sentence; `core:<gap>` and `not-supported:<feature>` have a generic one. */
function whyOf(category: string): string {
  const known = CATEGORY_WHY[category];
  if (known !== undefined) return known;
  if (category.startsWith("core:"))
    return "a core hub API gap: Hubkit answers this client call differently from the hub (issue 22, to fix)";
  if (category.startsWith("not-supported:")) return "a feature of the hosted hub that Hubkit does not offer";
  return "";
}

function testName(id: string): string {
  const file = fileOf(id);
  return id.slice(file.length + 3);
}

export function renderSection(expectations: Expectations): string {
  const entries = Object.entries(expectations);
  const passing = entries.filter(([, e]) => e.expect === "pass").length;
  const byCategory = new Map<string, Array<[string, string | undefined]>>();
  for (const [id, entry] of entries) {
    if (entry.expect === "pass") continue;
    const category = entry.expect === "skip" ? "skipped" : entry.expect === "flaky" ? "flaky" : entry.reason;
    const list = byCategory.get(category) ?? [];
    list.push([id, entry.note]);
    byCategory.set(category, list);
  }
  const failing = entries.length - passing;
  const lines = [
    BEGIN,
    `Today: **${passing} of ${entries.length}** spec tests pass against Hubkit; the ${failing} others, by reason:`,
    "",
  ];
  for (const [category, tests] of [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const why = category === "skipped" ? "skipped by the spec itself (a hook failed first)" : whyOf(category);
    lines.push(`- **\`${category}\`** (${tests.length})${why === "" ? "" : `: ${why}.`}`);
    const byFile = new Map<string, Array<[string, string | undefined]>>();
    for (const [id, note] of tests) byFile.set(fileOf(id), [...(byFile.get(fileOf(id)) ?? []), [id, note]]);
    for (const [file, fileTests] of byFile) {
      const notes = new Set(fileTests.map(([, note]) => note ?? ""));
      // Past a few tests, a count: the file has the whole list.
      const names =
        fileTests.length <= MAX_NAMED ? fileTests.map(([id]) => testName(id)).join("; ") : `${fileTests.length} tests`;
      const [onlyNote] = notes;
      if (notes.size === 1) lines.push(`  - \`${file}\`: ${names}${onlyNote ? ` — ${onlyNote}` : ""}`);
      else {
        lines.push(`  - \`${file}\`:`);
        for (const [id, note] of fileTests) lines.push(`    - ${testName(id)}${note ? ` — ${note}` : ""}`);
      }
    }
  }
  lines.push(END);
  return lines.join("\n");
}

/** Replaces the generated section of the README (between BEGIN and END) with one rendered from the file. */
export function writeReadmeSection(expectationsFile: string, readme = README): void {
  const text = readFileSync(readme, "utf8");
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (begin === -1 || end === -1 || end < begin)
    throw new Error(`${readme} has no generated conformance section (the lines ${BEGIN} … ${END})`);
  const next = text.slice(0, begin) + renderSection(readExpectations(expectationsFile)) + text.slice(end + END.length);
  if (next !== text) writeFileSync(readme, next);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  writeReadmeSection(join(HERE, "expectations.json"));

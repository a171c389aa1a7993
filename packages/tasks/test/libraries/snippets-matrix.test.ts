// The snippet matrix: every fixture model × every library with snippets. Each block is parsed by a real parser for
// its language; the model id must come back out of the parsed code exactly; a hostile twin must produce code of the
// same shape as its typical model (only string contents may differ), so no attack text ever became code.
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_MODEL_LIBRARY_KEYS, MODEL_LIBRARIES_UI_ELEMENTS } from "../../src/libraries/index.js";
import { peft } from "../../src/libraries/snippets/adapters.js";
import { audiocraft, espnet, nemo } from "../../src/libraries/snippets/audio.js";
import { lerobot } from "../../src/libraries/snippets/lerobot.js";
import { sklearn } from "../../src/libraries/snippets/sklearn.js";
import { outetts } from "../../src/libraries/snippets/speech-synthesis.js";
import { speechbrain } from "../../src/libraries/snippets/speechbrain.js";
import { transformers, transformersJS } from "../../src/libraries/snippets/transformers.js";
import { moshi } from "../../src/libraries/snippets/tts.js";
import { yamlStr } from "../../src/libraries/snippets/yaml-quote.js";
import { commentText, jsSingleStr } from "../../src/snippets/quote.js";
import { bashSyntaxErrors } from "../helpers/syntax.js";
import { type BlockLanguage, blockLanguage, NO_MODEL_ID, PLAIN_TEXT_FALLBACKS } from "./block-languages.js";
import { ALL_FIXTURES, FIXTURE_PAIRS, type Fixture } from "./model-fixtures.js";
import { checkBatch, csharpShape, jsShape, type PythonBatchResult, shellProfile } from "./oracles.js";

interface Block {
  key: string;
  fixture: string;
  index: number;
  lang: BlockLanguage;
  code: string;
}

interface BlockReport {
  ok: boolean;
  error: string;
  /** Language-specific shape with string contents abstracted away. */
  shape: string;
  /** Strings the parsed code carries (Python/JS constants, shell words). */
  strings: string[];
}

const SNIPPET_KEYS = ALL_MODEL_LIBRARY_KEYS.filter((key) => MODEL_LIBRARIES_UI_ELEMENTS[key].snippets !== undefined);

// Fallback outputs without a model id (plain text or a single comment line).
const FALLBACK_OUTPUTS = new Set<string>([
  ...PLAIN_TEXT_FALLBACKS,
  ...[
    transformers({ id: "x", tags: [] }),
    transformersJS({ id: "x", tags: [] }),
    speechbrain({ id: "x", tags: [] }),
    speechbrain({ id: "x", tags: [], config: { speechbrain: { speechbrain_interface: "?" } } }),
    sklearn({ id: "x", tags: ["skops"] }),
    nemo({ id: "x", tags: [] }),
    audiocraft({ id: "x", tags: [] }),
    espnet({ id: "x", tags: [] }),
    peft({ id: "x", tags: [] }),
    peft({ id: "x", tags: [], config: { peft: { task_type: "CAUSAL_LM" } } }),
    lerobot({ id: "x", tags: [] }),
    outetts({ id: "x", tags: ["gguf"] }),
    moshi({ id: "x-candle", tags: [] }),
  ].flat(),
]);

const outputs = new Map<string, string[]>(); // `${key}\u0000${fixture}` → blocks
const reports = new Map<string, BlockReport[]>();
const blocks: Block[] = [];

function run(key: string, fixture: Fixture): string[] {
  const snippets = MODEL_LIBRARIES_UI_ELEMENTS[key as keyof typeof MODEL_LIBRARIES_UI_ELEMENTS].snippets!;
  return snippets(fixture.model);
}

/** Freezes a record and everything in it, so a snippet function that writes to its model throws. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

beforeAll(() => {
  for (const fixture of ALL_FIXTURES) deepFreeze(fixture.model);
  for (const key of SNIPPET_KEYS) {
    for (const fixture of ALL_FIXTURES) {
      const out = run(key, fixture);
      outputs.set(`${key}\u0000${fixture.name}`, out);
      out.forEach((code, index) => {
        blocks.push({ key, fixture: fixture.name, index, lang: blockLanguage(key, index, code), code });
      });
    }
  }
  // One python3 process for every Python block (and the shell-word split of every shell block).
  const batchItems = blocks.filter((b) => b.lang === "python" || b.lang === "sh");
  const batch = checkBatch(batchItems.map((b) => ({ lang: b.lang as "python" | "sh", code: b.code })));
  const pyResults = new Map<Block, PythonBatchResult>();
  batchItems.forEach((block, i) => {
    pyResults.set(block, batch[i]);
  });
  // bash -n on every distinct shell block (one python3 process runs them on a small thread pool).
  const shellBlocks = [...new Set(blocks.filter((b) => b.lang === "sh").map((b) => b.code))];
  const bashErrors = new Map(bashSyntaxErrors(shellBlocks).map(({ source, error }) => [source, error]));
  for (const block of blocks) {
    let report: BlockReport;
    if (block.lang === "python") {
      const r = pyResults.get(block)!;
      report = { ok: r.ok, error: r.error ?? "", shape: r.shape ?? "", strings: r.strings };
    } else if (block.lang === "sh") {
      const error = bashErrors.get(block.code);
      const words = pyResults.get(block)!.words ?? [];
      report = { ok: error === undefined, error: error ?? "", shape: shellProfile(block.code), strings: words };
    } else if (block.lang === "js") {
      const r = jsShape(block.code);
      report = { ok: r.ok, error: r.error, shape: r.shape, strings: r.strings };
    } else if (block.lang === "csharp") {
      const r = csharpShape(block.code);
      report = { ok: r.ok, error: "unbalanced braces or quotes", shape: r.shape, strings: [] };
    } else {
      report = { ok: true, error: "", shape: block.code, strings: [] };
    }
    const id = `${block.key}\u0000${block.fixture}`;
    const list = reports.get(id) ?? [];
    list[block.index] = report;
    reports.set(id, list);
  }
}, 120_000);

describe("snippet matrix", () => {
  it("covers at least 116 libraries and the whole fixture table", () => {
    expect(SNIPPET_KEYS.length).toBeGreaterThanOrEqual(116);
    expect(ALL_FIXTURES.length).toBeGreaterThan(80);
    expect(blocks.length).toBeGreaterThan(SNIPPET_KEYS.length * ALL_FIXTURES.length);
  });

  it.each(SNIPPET_KEYS)("%s: every block is non-empty and free of undefined / [object Object] / YOLOvv", (key) => {
    for (const fixture of ALL_FIXTURES) {
      const out = outputs.get(`${key}\u0000${fixture.name}`)!;
      expect(out.length, fixture.name).toBeGreaterThan(0);
      for (const code of out) {
        expect(typeof code).toBe("string");
        expect(code.trim().length, fixture.name).toBeGreaterThan(0);
        expect(code, fixture.name).not.toContain("undefined");
        expect(code, fixture.name).not.toContain("[object Object]");
        expect(code, fixture.name).not.toContain("YOLOvv");
        expect(code, fixture.name).not.toContain("NaN");
      }
    }
  });

  it.each(SNIPPET_KEYS)("%s: output is deterministic", (key) => {
    for (const fixture of ALL_FIXTURES) {
      expect(run(key, fixture), fixture.name).toEqual(outputs.get(`${key}\u0000${fixture.name}`));
    }
  });

  it.each(SNIPPET_KEYS)("%s: every block parses in its language", (key) => {
    const failures: string[] = [];
    for (const fixture of ALL_FIXTURES) {
      const list = reports.get(`${key}\u0000${fixture.name}`)!;
      const out = outputs.get(`${key}\u0000${fixture.name}`)!;
      list.forEach((report, index) => {
        if (!report.ok) failures.push(`${fixture.name} block ${index}: ${report.error}\n${out[index]}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it.each(SNIPPET_KEYS.filter((key) => !NO_MODEL_ID.has(key)))(
    "%s: the model id comes back exactly from the parsed code",
    (key) => {
      let checked = 0;
      for (const fixture of ALL_FIXTURES) {
        const out = outputs.get(`${key}\u0000${fixture.name}`)!;
        if (out.every((code) => FALLBACK_OUTPUTS.has(code))) continue;
        checked++;
        const list = reports.get(`${key}\u0000${fixture.name}`)!;
        const id = fixture.model.id;
        const found = list.some((report, index) => {
          if (report.strings.some((s) => s.includes(id))) return true;
          const lang = blockLanguage(key, index, out[index]);
          if (lang === "csharp") return out[index].includes(commentText(id));
          if (lang === "js") return out[index].includes(jsSingleStr(id));
          if (lang === "sh") return out[index].includes(yamlStr(id)); // the HTRflow pipeline is YAML in a heredoc
          return false;
        });
        expect(found, `${fixture.name}: ${JSON.stringify(out)}`).toBe(true);
      }
      expect(checked, "fixtures that produce code (not only fallbacks)").toBeGreaterThan(0);
    },
  );

  // Shell-only libraries are left to the shape test below: their attack text is inert inside quoted words.
  const isCodeLanguage = (lang: BlockLanguage) => lang === "python" || lang === "js" || lang === "csharp";
  const KEYS_WITH_CODE_BLOCKS = SNIPPET_KEYS.filter((key) =>
    FIXTURE_PAIRS.some(({ hostile }) =>
      run(key, hostile).some((code, i) => isCodeLanguage(blockLanguage(key, i, code))),
    ),
  );

  it.each(KEYS_WITH_CODE_BLOCKS)("%s: no raw line break of an attack string reaches Python or JS code", (key) => {
    let checked = 0;
    for (const { hostile } of FIXTURE_PAIRS) {
      const out = outputs.get(`${key}\u0000${hostile.name}`)!;
      out.forEach((code, index) => {
        if (!isCodeLanguage(blockLanguage(key, index, code))) return;
        checked++;
        expect(code, hostile.name).not.toContain('\n__import__("os")');
        expect(code, hostile.name).not.toContain("\nEOF\nEOF");
      });
    }
    expect(checked).toBeGreaterThan(0);
  });

  // spaCy adds `import <package>` only when the package name is a Python identifier, which a hostile id never is.
  const SHAPE_DEPENDS_ON_VALUE = new Set(["spacy"]);

  it.each(SNIPPET_KEYS.filter((key) => !SHAPE_DEPENDS_ON_VALUE.has(key)))(
    "%s: a hostile model yields code of the same shape as its typical twin",
    (key) => {
      for (const { typical, hostile } of FIXTURE_PAIRS) {
        const a = reports.get(`${key}\u0000${typical.name}`)!;
        const b = reports.get(`${key}\u0000${hostile.name}`)!;
        expect(b.length, hostile.name).toBe(a.length);
        a.forEach((report, index) => {
          expect(b[index].shape, `${hostile.name} block ${index}`).toBe(report.shape);
        });
      }
    },
  );

  it("spaCy keeps its shape apart from the optional module import", () => {
    for (const { typical, hostile } of FIXTURE_PAIRS) {
      const a = reports.get(`spacy\u0000${typical.name}`)!;
      const b = reports.get(`spacy\u0000${hostile.name}`)!;
      expect(b[0].shape).toBe(a[0].shape);
      expect(b[1].ok).toBe(true);
    }
  });
});

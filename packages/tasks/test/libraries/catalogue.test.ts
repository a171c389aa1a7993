// Structure of the library catalogue (catalogue.md §5): keys and order, facts, counts, URLs, filters and the
// download-count query grammar of §5.2. Facts come from the newest catalogue (catalogue-newest.json, 0.21.35) laid
// over the established one (catalogue-facts.json).
import { describe, expect, it } from "vitest";
import { ESTABLISHED_LIBRARY_COUNT, LIBRARY_CATALOGUE } from "../../src/libraries/catalogue.js";
import {
  ALL_DISPLAY_MODEL_LIBRARY_KEYS,
  ALL_MODEL_LIBRARY_KEYS,
  type LibraryUiElement,
  MODEL_LIBRARIES_UI_ELEMENTS,
  type ModelLibraryKey,
} from "../../src/libraries/index.js";
import { FACTS } from "../helpers/catalogue-facts.js";
import { NEWEST, NEWEST_LIBRARIES } from "../helpers/library-facts-newest.js";

// The 240 libraries of the newest catalogue, with their newest facts, in the newest declaration order.
const LIBRARY_FACTS = NEWEST_LIBRARIES;
const NEWEST_COUNTS = NEWEST.counts.newest;

const ESTABLISHED = ALL_MODEL_LIBRARY_KEYS.slice(0, ESTABLISHED_LIBRARY_COUNT);
const ADDED = ALL_MODEL_LIBRARY_KEYS.slice(ESTABLISHED_LIBRARY_COUNT);
const entry = (key: string): LibraryUiElement => MODEL_LIBRARIES_UI_ELEMENTS[key as ModelLibraryKey];

// --- §5.2 query grammar: or := and ("OR" and)* ; and := term ("AND" term)* ; term := field ":" "value" ---
const FIELDS = new Set(["path", "path_prefix", "path_extension", "path_filename"]);

type Term = { field: string; value: string };

/** Parses a countDownloads query into OR-groups of AND-ed terms; throws on anything outside the grammar. */
export function parseCountQuery(query: string): Term[][] {
  const tokens = query.match(/"(?:[^"\\]|\\.)*"|[A-Za-z_]+|:|\S/g) ?? [];
  let position = 0;
  const next = () => tokens[position++];
  const term = (): Term => {
    const field = next();
    if (next() !== ":") throw new Error(`expected ':' after ${field}`);
    const quoted = next();
    if (quoted === undefined || !quoted.startsWith('"')) throw new Error(`expected a quoted value after ${field}:`);
    const value = JSON.parse(quoted) as string;
    if (field === "_exists_") {
      if (!FIELDS.has(value)) throw new Error(`_exists_ of unknown field ${value}`);
    } else if (!FIELDS.has(field)) {
      throw new Error(`unknown field ${field}`);
    }
    if (value === "") throw new Error("empty value");
    return { field, value };
  };
  const and = (): Term[] => {
    const terms = [term()];
    while (tokens[position] === "AND") {
      position++;
      terms.push(term());
    }
    return terms;
  };
  const groups = [and()];
  while (tokens[position] === "OR") {
    position++;
    groups.push(and());
  }
  if (position !== tokens.length) throw new Error(`unexpected ${tokens[position]}`);
  return groups;
}

describe("countDownloads query parser", () => {
  it("accepts the documented forms and rejects others", () => {
    expect(parseCountQuery('path_filename:"model" AND path_extension:"mil" AND _exists_:"path_prefix"')).toHaveLength(
      1,
    );
    expect(parseCountQuery('path_extension:"nemo" OR path:"model_config.yaml"')).toHaveLength(2);
    expect(() => parseCountQuery('file:"x"')).toThrow("unknown field");
    expect(() => parseCountQuery('path:"x" OR')).toThrow();
    expect(() => parseCountQuery("path:x")).toThrow("quoted");
    expect(() => parseCountQuery('path:"a" path:"b"')).toThrow("unexpected");
  });
});

describe("library catalogue", () => {
  it("keeps the 240 keys of the newest catalogue in its declaration order, then the Hubkit ones", () => {
    expect(LIBRARY_FACTS).toHaveLength(240);
    expect(NEWEST_COUNTS.libraries).toBe(240);
    expect(ESTABLISHED).toEqual(NEWEST.library_order_newest);
    // Each added library sits right after the key the facts name (the order facts agree with each other).
    for (const added of NEWEST.libraries_added) {
      const index = ESTABLISHED.indexOf(added.key as ModelLibraryKey);
      expect(index, added.key).toBeGreaterThanOrEqual(0);
      expect(index === 0 ? null : ESTABLISHED[index - 1], added.key).toBe(added.after);
    }
    // Nothing of the established 126 was lost.
    expect(
      FACTS.libraries.map((fact) => fact.key).filter((key) => !ESTABLISHED.includes(key as ModelLibraryKey)),
    ).toEqual([]);
    expect(ALL_MODEL_LIBRARY_KEYS).toEqual(Object.keys(MODEL_LIBRARIES_UI_ELEMENTS));
    expect(new Set(ALL_MODEL_LIBRARY_KEYS).size).toBe(ALL_MODEL_LIBRARY_KEYS.length);
    expect(ADDED.length).toBeGreaterThan(0);
  });

  it.each(LIBRARY_FACTS)("$key matches the catalogue facts", (fact) => {
    const e = entry(fact.key);
    expect(e.prettyLabel).toBe(fact.prettyLabel);
    expect(e.repoName).toBe(fact.repoName);
    expect(e.repoUrl).toBe(fact.repoUrl);
    expect(e.docsUrl).toBe(fact.docsUrl ?? undefined);
    expect(e.filter).toBe(fact.filter ?? undefined);
    expect(e.countDownloads).toBe(fact.countDownloads ?? undefined);
    if (fact.hasSnippets) expect(typeof e.snippets).toBe("function");
  });

  it.each(NEWEST.libraries_changed)("$key: the changed $field takes the newest value", (change) => {
    const e = entry(change.key);
    if (change.field === "hasSnippets") expect(e.snippets !== undefined).toBe(change.new);
    else expect(e[change.field]).toBe(change.new ?? undefined);
    expect(change.new).not.toEqual(change.old);
  });

  it("has the documented counts over the established libraries", () => {
    const established = ESTABLISHED.map(entry);
    expect(established.filter((e) => e.filter === true)).toHaveLength(NEWEST_COUNTS.libraries_filter_true);
    expect(NEWEST_COUNTS.libraries_filter_true).toBe(34);
    const queries = established.map((e) => e.countDownloads).filter((q) => q !== undefined);
    expect(queries).toHaveLength(NEWEST_COUNTS.libraries_with_countDownloads);
    expect(NEWEST_COUNTS.libraries_with_countDownloads).toBe(179);
    expect(LIBRARY_FACTS.filter((fact) => fact.hasSnippets)).toHaveLength(NEWEST_COUNTS.libraries_with_snippets);
    // The old 126 keep the counts of catalogue.md §5.1 (ssr-speech's query fixed, §13).
    const old = FACTS.libraries.map((fact) => entry(fact.key));
    expect(old.filter((e) => e.docsUrl !== undefined)).toHaveLength(39);
    expect(old.filter((e) => e.filter === true)).toHaveLength(32);
    expect(old.filter((e) => e.filter === false)).toHaveLength(61);
    expect(old.filter((e) => e.filter === undefined)).toHaveLength(33);
    expect(entry("diffusers").countDownloads).toBeUndefined();
    expect(entry("transformers").countDownloads).toBeUndefined();
  });

  it("offers exactly the 34 filter libraries of the facts, in order", () => {
    expect(ALL_DISPLAY_MODEL_LIBRARY_KEYS).toEqual(
      LIBRARY_FACTS.filter((fact) => fact.filter === true).map((f) => f.key),
    );
    // The established 32 (catalogue.md §5.1) plus PaddleOCR and univa, in display order.
    expect(ALL_DISPLAY_MODEL_LIBRARY_KEYS).toEqual([
      "adapter-transformers",
      "allennlp",
      "asteroid",
      "bertopic",
      "diffusers",
      "espnet",
      "fairseq",
      "fastai",
      "fasttext",
      "flair",
      "keras",
      "keras-hub",
      "ml-agents",
      "mlx",
      "nemo",
      "open_clip",
      "paddlenlp",
      "PaddleOCR",
      "peft",
      "pyannote-audio",
      "sample-factory",
      "sentence-transformers",
      "setfit",
      "sklearn",
      "spacy",
      "span-marker",
      "speechbrain",
      "stable-baselines3",
      "stanza",
      "timm",
      "transformers",
      "transformers.js",
      "univa",
      "unity-sentis",
    ]);
  });

  it.each(ALL_MODEL_LIBRARY_KEYS)("%s has well-formed labels and URLs", (key) => {
    const e = entry(key);
    for (const text of [e.prettyLabel, e.repoName]) expect(text.trim()).toBe(text);
    expect(e.prettyLabel.length).toBeGreaterThan(0);
    expect(e.repoName.length).toBeGreaterThan(0);
    for (const url of [e.repoUrl, e.docsUrl].filter((u): u is string => u !== undefined)) {
      const parsed = new URL(url);
      expect(parsed.protocol).toBe("https:");
      expect(parsed.hostname).toContain(".");
    }
  });

  it.each(ALL_MODEL_LIBRARY_KEYS.filter((key) => entry(key).countDownloads !== undefined))(
    "%s: countDownloads follows the §5.2 grammar",
    (key) => {
      const groups = parseCountQuery(entry(key).countDownloads!);
      for (const term of groups.flat()) {
        if (term.field === "path_extension") expect(term.value.startsWith("."), key).toBe(false);
        if (term.field === "path_prefix") expect(term.value.endsWith("/"), key).toBe(true);
      }
    },
  );

  it("fixes the ssr-speech query (no leading dot)", () => {
    expect(entry("ssr-speech").countDownloads).toBe('path_extension:"pth"');
  });

  it("keeps added libraries out of the filters", () => {
    for (const key of ADDED) {
      expect(entry(key).filter).toBe(false);
      expect(typeof entry(key).snippets).toBe("function");
    }
  });

  it("has snippets for at least 116 libraries, a superset of the newest catalogue's 116", () => {
    const withSnippets = ALL_MODEL_LIBRARY_KEYS.filter((key) => entry(key).snippets !== undefined);
    expect(withSnippets.length).toBeGreaterThanOrEqual(116);
    expect(LIBRARY_FACTS.filter((fact) => fact.hasSnippets)).toHaveLength(116);
    expect(FACTS.libraries.filter((fact) => fact.hasSnippets)).toHaveLength(76);
    expect(MODEL_LIBRARIES_UI_ELEMENTS.yolov10.snippets).toBeDefined();
  });

  it("keeps the catalogue data free of functions", () => {
    expect(JSON.parse(JSON.stringify(LIBRARY_CATALOGUE))).toEqual(LIBRARY_CATALOGUE);
  });
});

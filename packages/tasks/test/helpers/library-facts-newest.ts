// The library half of the spec's catalogue-newest.json (the 0.21.35 catalogue), read at test time from the shared
// folder beside the repository, like catalogue-facts.json. The established library facts are those of
// catalogue-facts.json with `libraries_changed` applied, plus `libraries_added`, in `library_order_newest`.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FACTS, type LibraryFact } from "./catalogue-facts.js";

export interface AddedLibraryFact extends LibraryFact {
  since: string;
  /** The key this library follows in the newest declaration order (null for the first). */
  after: string | null;
  /** What the established snippet shows (null when it has none). */
  snippet: string | null;
}

export interface ChangedLibraryFact {
  key: string;
  field: "docsUrl" | "countDownloads" | "hasSnippets" | "filter" | "prettyLabel" | "repoName" | "repoUrl";
  old: string | boolean | null;
  new: string | boolean | null;
  snippet?: string;
}

export interface NewestLibraryFacts {
  version: string;
  counts: { newest: Record<string, number>; old: Record<string, number> };
  libraries_added: AddedLibraryFact[];
  libraries_changed: ChangedLibraryFact[];
  libraries_removed: string[];
  library_snippets_changed: Array<{ key: string; change: string }>;
  library_order_newest: string[];
}

const NEWEST_URL = new URL("../../../../../shared/spec/catalogue-newest.json", import.meta.url);

function loadNewest(): NewestLibraryFacts {
  const path = fileURLToPath(NEWEST_URL);
  if (!existsSync(path)) {
    throw new Error(
      `catalogue-newest.json not found at ${path}: the tests read the spec from the shared folder beside the ` +
        "repository (../shared/spec/); clone or copy it there",
    );
  }
  return JSON.parse(readFileSync(path, "utf8")) as NewestLibraryFacts;
}

export const NEWEST: NewestLibraryFacts = loadNewest();

/** Every library of the newest catalogue with its newest facts, in the newest declaration order. */
function newestLibraries(): LibraryFact[] {
  const byKey = new Map<string, LibraryFact>(FACTS.libraries.map((fact) => [fact.key, { ...fact }]));
  for (const fact of NEWEST.libraries_added) {
    const { key, prettyLabel, repoName, repoUrl, docsUrl, filter, countDownloads, hasSnippets } = fact;
    byKey.set(key, { key, prettyLabel, repoName, repoUrl, docsUrl, filter, countDownloads, hasSnippets });
  }
  for (const change of NEWEST.libraries_changed) {
    const fact = byKey.get(change.key);
    if (fact === undefined) throw new Error(`libraries_changed names an unknown key ${change.key}`);
    Object.assign(fact, { [change.field]: change.new });
  }
  for (const key of NEWEST.libraries_removed) byKey.delete(key);
  return NEWEST.library_order_newest.map((key) => {
    const fact = byKey.get(key);
    if (fact === undefined) throw new Error(`library_order_newest names an unknown key ${key}`);
    return fact;
  });
}

export const NEWEST_LIBRARIES: LibraryFact[] = newestLibraries();

// The library catalogue with its snippet functions (catalogue.md §5): catalogue data + snippet registry, merged.
import type { ModelData } from "../model-data.js";
import { LIBRARY_CATALOGUE, type LibraryCatalogueEntry, type ModelLibraryKey } from "./catalogue.js";
import { InvalidModelDataError, MODEL_ID_INVALID, MODEL_NOT_OBJECT, MODEL_TAGS_INVALID } from "./errors.js";
import { LIBRARY_SNIPPETS, type SnippetFunction } from "./snippets/registry.js";

export type { ModelLibraryKey } from "./catalogue.js";
export { InvalidModelDataError } from "./errors.js";

/** A library as shown on the site: catalogue data plus, when it has one, its "use this model" snippet generator. */
export interface LibraryUiElement extends LibraryCatalogueEntry {
  /** One or more code blocks, shown one after another. Every model-derived value in them is escaped. */
  snippets?: (model: ModelData) => string[];
}

/** Rejects anything that is not a model record before a snippet function reads it. */
function checked(snippet: SnippetFunction): (model: ModelData) => string[] {
  return (model: ModelData) => {
    if (model === null || typeof model !== "object") throw new InvalidModelDataError(MODEL_NOT_OBJECT);
    if (typeof model.id !== "string" || model.id === "") throw new InvalidModelDataError(MODEL_ID_INVALID);
    if (!Array.isArray(model.tags)) throw new InvalidModelDataError(MODEL_TAGS_INVALID);
    return snippet(model);
  };
}

/** Every library key, in display order. */
// `@__PURE__` lets bundlers drop what a consumer does not import (e.g. the snippet functions when only keys are used).
export const ALL_MODEL_LIBRARY_KEYS = /* @__PURE__ */ Object.keys(LIBRARY_CATALOGUE) as ModelLibraryKey[];

function buildUiElements(): Record<ModelLibraryKey, LibraryUiElement> {
  return Object.fromEntries(
    ALL_MODEL_LIBRARY_KEYS.map((key): [ModelLibraryKey, LibraryUiElement] => {
      const snippet = LIBRARY_SNIPPETS[key];
      const entry: LibraryCatalogueEntry = LIBRARY_CATALOGUE[key];
      return [key, snippet === undefined ? { ...entry } : { ...entry, snippets: checked(snippet) }];
    }),
  ) as Record<ModelLibraryKey, LibraryUiElement>;
}

export const MODEL_LIBRARIES_UI_ELEMENTS = /* @__PURE__ */ buildUiElements();

/** Keys of the libraries offered as a model filter (`filter === true`), in display order. */
function displayKeys(): ModelLibraryKey[] {
  const catalogue: Record<ModelLibraryKey, LibraryCatalogueEntry> = LIBRARY_CATALOGUE;
  return ALL_MODEL_LIBRARY_KEYS.filter((key) => catalogue[key].filter === true);
}

export const ALL_DISPLAY_MODEL_LIBRARY_KEYS: ModelLibraryKey[] = /* @__PURE__ */ displayKeys();

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
export const ALL_MODEL_LIBRARY_KEYS = Object.keys(LIBRARY_CATALOGUE) as ModelLibraryKey[];

export const MODEL_LIBRARIES_UI_ELEMENTS = Object.fromEntries(
  ALL_MODEL_LIBRARY_KEYS.map((key): [ModelLibraryKey, LibraryUiElement] => {
    const snippet = LIBRARY_SNIPPETS[key];
    const entry: LibraryCatalogueEntry = LIBRARY_CATALOGUE[key];
    return [key, snippet === undefined ? { ...entry } : { ...entry, snippets: checked(snippet) }];
  }),
) as Record<ModelLibraryKey, LibraryUiElement>;

/** Keys of the libraries offered as a model filter (`filter === true`), in display order. */
export const ALL_DISPLAY_MODEL_LIBRARY_KEYS: ModelLibraryKey[] = ALL_MODEL_LIBRARY_KEYS.filter(
  (key) => MODEL_LIBRARIES_UI_ELEMENTS[key].filter === true,
);

// "Use this model" with a library: every snippet of every library the model can be loaded with, pointed at this hub
// (hub-endpoints.ts) so that a block copied alone downloads from here.
import { MODEL_LIBRARIES_UI_ELEMENTS } from "@hubkit/tasks";
import { CodeBlock } from "../../components/code-block";
import type { ModelRecord } from "../../lib/api";
import { pointLibrarySnippets } from "./hub-endpoints";
import { snippetLanguage } from "./snippet-language";

type Library = { prettyLabel: string; docsUrl?: string; snippets?: (model: ModelRecord) => string[] };
const LIBRARIES = MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<string, Library>;

/** The model's library first, then any other library whose key appears in its tags and has snippets. */
export function librariesFor(model: ModelRecord): string[] {
  const keys = [model.library_name, ...model.tags].filter(
    (key): key is string => typeof key === "string" && Object.hasOwn(LIBRARIES, key) && !!LIBRARIES[key].snippets,
  );
  return [...new Set(keys)];
}

/** The blocks of one library for `model`, pointed at `hub` (this site's origin). */
export function libraryBlocks(key: string, model: ModelRecord, hub: string): string[] {
  const blocks = LIBRARIES[key]?.snippets?.(model) ?? [];
  return pointLibrarySnippets(key, model.id, blocks, hub);
}

export function LibrarySnippets({ model, hub = window.location.origin }: { model: ModelRecord; hub?: string }) {
  const keys = librariesFor(model);
  if (keys.length === 0)
    return (
      <p className="muted">No library snippet is available for this model ({model.library_name ?? "no library"}).</p>
    );
  return (
    <div>
      {keys.map((key) => {
        const library = LIBRARIES[key];
        let blocks: string[] = [];
        let failure: string | undefined;
        try {
          blocks = libraryBlocks(key, model, hub);
        } catch (error) {
          failure = (error as Error).message;
        }
        return (
          <section key={key} className="library-snippets" aria-label={`${library.prettyLabel} snippets`}>
            <h3>
              {library.prettyLabel}
              {library.docsUrl ? (
                <a className="small heading-link" href={library.docsUrl} rel="noreferrer">
                  docs
                </a>
              ) : null}
            </h3>
            {failure ? <p className="error">{failure}</p> : null}
            {blocks.map((code, index) => (
              <CodeBlock
                // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one library, in order
                key={index}
                code={code}
                language={snippetLanguage(code)}
                label={`${library.prettyLabel} snippet ${index + 1}`}
              />
            ))}
          </section>
        );
      })}
    </div>
  );
}

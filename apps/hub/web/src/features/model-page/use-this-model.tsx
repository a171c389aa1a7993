// "Use this model": one button opening a menu of this hub's own lines, the model's libraries, the local apps that
// run it and the inference API; a choice opens that one thing's snippets in a dialog (not every snippet stacked in
// the sidebar). The snippets themselves come from features/models (their text is that module's business).
import { LOCAL_APPS, type LocalApp, MODEL_LIBRARIES_UI_ELEMENTS } from "@hubkit/tasks";
import { useLayoutEffect, useRef, useState } from "react";
import { CodeBlock } from "../../components/code-block";
import { InferencePanel } from "../models/inference-panel";
import { librariesFor, libraryBlocks } from "../models/library-snippets";
import { LocalApps } from "../models/local-apps";
import { snippetLanguage } from "../models/snippet-language";
import type { RepoInfo } from "../repo/repo-data";
import { selfHostedSnippets } from "./self-hosted-snippets";
import { SnippetDialog } from "./snippet-dialog";
import { MenuButton, type MenuGroup } from "./use-menu";

const LIBRARY_LABELS = MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<
  string,
  { prettyLabel: string; docsUrl?: string }
>;
const APPS = Object.entries(LOCAL_APPS) as Array<[string, LocalApp]>;

/** The local apps that offer to run this model (as the local-apps panel lists them). */
export function localAppsFor(model: RepoInfo): Array<[string, LocalApp]> {
  return APPS.filter(([, app]) => {
    try {
      return app.displayOnModelPage(model);
    } catch {
      return false;
    }
  });
}

/** The menu's groups; each item's key says what the dialog shows (`hub`, `lib:<key>`, `app:<key>`, `api`). */
export function menuGroups(info: RepoInfo): MenuGroup[] {
  const groups: MenuGroup[] = [{ label: "This hub", items: [{ key: "hub", label: "Hugging Face clients and git" }] }];
  const libraries = librariesFor(info);
  if (libraries.length > 0)
    groups.push({
      label: "Libraries",
      items: libraries.map((key) => ({ key: `lib:${key}`, label: LIBRARY_LABELS[key]?.prettyLabel ?? key })),
    });
  const apps = localAppsFor(info);
  if (apps.length > 0)
    groups.push({
      label: "Local apps",
      items: apps.map(([key, app]) => ({ key: `app:${key}`, label: app.prettyLabel })),
    });
  if (Object.keys(info.inferenceProviderMapping ?? {}).length > 0)
    groups.push({ label: "Inference API", items: [{ key: "api", label: "Inference providers" }] });
  return groups;
}

export function UseThisModel({
  info,
  ggufFile,
  onGgufFileChange,
}: {
  info: RepoInfo;
  ggufFile: string | undefined;
  onGgufFileChange: (file: string) => void;
}) {
  const groups = menuGroups(info);
  const [choice, setChoice] = useState<string>();
  const button = useRef<HTMLButtonElement>(null);
  const label = groups.flatMap((group) => group.items).find((item) => item.key === choice)?.label;
  return (
    <>
      <MenuButton label="Use this model" groups={groups} onChoose={setChoice} buttonRef={button} heading />
      {choice !== undefined && label !== undefined ? (
        <SnippetDialog
          title={`${label} · ${info.id}`}
          onClose={() => {
            setChoice(undefined);
            button.current?.focus();
          }}
        >
          <ChoiceBody info={info} choice={choice} ggufFile={ggufFile} onGgufFileChange={onGgufFileChange} />
        </SnippetDialog>
      ) : null}
    </>
  );
}

function ChoiceBody({
  info,
  choice,
  ggufFile,
  onGgufFileChange,
}: {
  info: RepoInfo;
  choice: string;
  ggufFile: string | undefined;
  onGgufFileChange: (file: string) => void;
}) {
  if (choice === "hub") {
    const self = selfHostedSnippets(window.location.origin, info.id);
    return (
      <>
        <CodeBlock code={self.python} language="python" label="Python with HF_ENDPOINT" />
        <CodeBlock code={self.git} language="sh" label="git clone" />
      </>
    );
  }
  if (choice === "api") return <InferencePanel model={info} />;
  if (choice.startsWith("lib:")) return <OneLibrary info={info} library={choice.slice(4)} />;
  return <OneApp info={info} app={choice.slice(4)} file={ggufFile} onFileChange={onGgufFileChange} />;
}

/** The snippets of one library, pointed at this hub (features/models/library-snippets.ts gives the blocks). */
function OneLibrary({ info, library }: { info: RepoInfo; library: string }) {
  const label = LIBRARY_LABELS[library]?.prettyLabel ?? library;
  const docs = LIBRARY_LABELS[library]?.docsUrl;
  let blocks: string[] = [];
  let failure: string | undefined;
  try {
    blocks = libraryBlocks(library, info, window.location.origin);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  return (
    <section className="library-snippets" aria-label={`${label} snippets`}>
      {docs ? (
        <p className="small">
          <a href={docs} rel="noreferrer">
            {label} documentation
          </a>
        </p>
      ) : null}
      {failure ? <p className="error">{failure}</p> : null}
      {blocks.map((code, index) => (
        <CodeBlock
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one library, in order
          key={index}
          code={code}
          language={snippetLanguage(code)}
          label={`${label} snippet ${index + 1}`}
        />
      ))}
    </section>
  );
}

/** One local app: the local-apps panel with that app's tab chosen. */
function OneApp({
  info,
  app,
  file,
  onFileChange,
}: {
  info: RepoInfo;
  app: string;
  file: string | undefined;
  onFileChange: (file: string) => void;
}) {
  useLayoutEffect(() => {
    const tab = document.getElementById(`local-app-tab-${app}`);
    if (tab?.getAttribute("aria-selected") !== "true") tab?.click();
  }, [app]);
  // The panel's steps are h4s (they sat under an h3 in the old sidebar): an h3 keeps the outline without a skip.
  return (
    <>
      <h3 className="visually-hidden">Commands</h3>
      <LocalApps model={info} file={file} onFileChange={onFileChange} />
    </>
  );
}

// "Edit" / "Preview" tabs over a Markdown file's text (the editor's preview, rendered as the file view renders it:
// repo/card-body.tsx with the repository's links). Arrow keys move between the tabs (WAI-ARIA tabs pattern).
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { CardBody } from "../repo/card-body";
import { markdownLinks, type RepoId } from "../repo/repo-url";
import { folderOf } from "./edit-paths";

export function MarkdownTabs({
  repo,
  rev,
  path,
  text,
  children,
}: {
  repo: RepoId;
  rev: string;
  path: string;
  text: string;
  /** The editor (shown on the Edit tab; kept mounted so its text and caret survive a look at the preview). */
  children: ReactNode;
}) {
  const [tab, setTab] = useState<"edit" | "preview">("edit");
  const id = useId();
  const tabs = useRef<HTMLDivElement>(null);
  const { type } = repo;
  const folder = folderOf(path);
  const links = useMemo(() => markdownLinks(type, repo.id, rev, folder), [type, repo.id, rev, folder]);
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = tab === "edit" ? "preview" : "edit";
    setTab(next);
    tabs.current?.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus();
  };
  const tabButton = (name: "edit" | "preview", label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      data-tab={name}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      tabIndex={tab === name ? 0 : -1}
      onClick={() => setTab(name)}
    >
      {label}
    </button>
  );
  return (
    <div className="editor-tabs">
      <div role="tablist" aria-label={`${path}: edit or preview`} ref={tabs} onKeyDown={onKey}>
        {tabButton("edit", "Edit")}
        {tabButton("preview", "Preview")}
      </div>
      <div role="tabpanel" id={`${id}-edit`} aria-labelledby={`${id}-edit-tab`} hidden={tab !== "edit"}>
        {children}
      </div>
      <div
        role="tabpanel"
        id={`${id}-preview`}
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== "preview"}
        className="editor-preview"
      >
        {tab === "preview" ? (
          text.trim() === "" ? (
            <p className="muted">Nothing to preview.</p>
          ) : (
            <CardBody markdown={text} links={links} label={`Preview of ${path}`} showAll />
          )
        ) : null}
      </div>
    </div>
  );
}

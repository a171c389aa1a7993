// The one text-file editor of the site, for an existing file (`/{id}/edit/…`, features/publish/edit-page.tsx) and
// a new one (`/{id}/new/…`, new-file-page.tsx): the path (new files), the text with a Markdown preview tab for
// `.md`, the commit message ("Update {path}" / "Create {path}" when left blank, as the hub) and description, and
// where the commit goes (commit-choice.tsx). An edit carries the commit it started from as `parentCommit`: when
// the branch moved meanwhile the server answers 412 and the editor says so, keeping the text typed.
import { type FormEvent, useId, useState } from "react";
import { FormProblem } from "../../components/status";
import { ApiRequestError } from "../../lib/api";
import { reloadAt, sessionJson } from "../../lib/session";
import { pullRequestPage, wantsPullRequest } from "../community/pull-request-option";
import { repoPathFor } from "../publish/commit-body";
import { CommitMessageFields, readCommitMessage } from "../publish/commit-fields";
import { commitText } from "../publish/upload";
import { type RepoId, repoApiPath, repoPagePath } from "../repo/repo-url";
import { CommitChoice } from "./commit-choice";
import "./files-edit.css";
import { MarkdownTabs } from "./markdown-preview";
import type { RepoPermissions } from "./repo-permissions";

export interface EditorTarget {
  repo: RepoId;
  rev: string;
  /** The file edited, or for a new file the folder it starts in ("" = the root). */
  path: string;
  isNew: boolean;
  initial: string;
  /** The commit the text was read at (edits only). */
  parentCommit?: string;
}

export const CONFLICT_MESSAGE =
  "This file's branch changed since you opened the editor (someone committed meanwhile), so your change was not committed. Copy your text, reload the page to see the latest version, and apply your change again — or open it as a pull request.";

async function pathTaken(repo: RepoId, rev: string, path: string): Promise<boolean> {
  const found = await sessionJson<unknown[]>(repoApiPath(repo, `/paths-info/${encodeURIComponent(rev)}`), "POST", {
    paths: [path],
  });
  return Array.isArray(found) && found.length > 0;
}

export function FileEditorForm({ target, permissions }: { target: EditorTarget; permissions: RepoPermissions }) {
  const { repo, rev, isNew, initial } = target;
  const [text, setText] = useState(initial);
  const [newPath, setNewPath] = useState(isNew && target.path !== "" ? `${target.path}/` : "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const editorId = useId();
  const path = isNew ? newPath.trim() : target.path;
  const verb = isNew ? "Create" : "Update";
  const shownPath = path === "" ? "the new file" : path;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    let finalPath = target.path;
    if (isNew) {
      const checked = repoPathFor("", newPath.trim());
      if (newPath.trim() === "" || newPath.trim().endsWith("/")) return setProblem("Name the new file.");
      if ("error" in checked) return setProblem(checked.error);
      finalPath = checked.path;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      if (isNew && (await pathTaken(repo, rev, finalPath)))
        throw new Error(`${finalPath} already exists on ${rev}: open it and edit it instead`);
      const message = readCommitMessage(data, `${verb} ${finalPath}`);
      const createPr = wantsPullRequest(data);
      const answer = await commitText(
        repo,
        rev,
        finalPath,
        text,
        message.summary,
        message.description,
        createPr,
        createPr ? undefined : target.parentCommit,
      );
      if (createPr) return reloadAt(pullRequestPage(repo, answer.pullRequestUrl));
      // The README is the repository's card: back to it; any other file to its own view.
      reloadAt(
        finalPath === "README.md" ? repoPagePath(repo) : repoPagePath(repo, { kind: "blob", rev, path: finalPath }),
      );
    } catch (error) {
      setProblem(
        error instanceof ApiRequestError && error.status === 412 ? CONFLICT_MESSAGE : (error as Error).message,
      );
      setBusy(false);
    }
  };

  const editor = (
    <label className="field" htmlFor={editorId}>
      <span>{isNew ? "Content" : `Content of ${path}`}</span>
      <textarea
        id={editorId}
        className="editor"
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={20}
        spellCheck={false}
      />
    </label>
  );
  return (
    <form className="card publish-form file-editor" onSubmit={submit} aria-busy={busy}>
      {isNew ? (
        <label className="field">
          <span>Path of the new file (folders with /)</span>
          <input
            name="path"
            value={newPath}
            onChange={(event) => setNewPath(event.target.value)}
            placeholder="e.g. docs/usage.md"
            autoComplete="off"
            required
          />
        </label>
      ) : null}
      {path.toLowerCase().endsWith(".md") ? (
        <MarkdownTabs repo={repo} rev={rev} path={path} text={text}>
          {editor}
        </MarkdownTabs>
      ) : (
        editor
      )}
      <CommitMessageFields placeholder={`${verb} ${shownPath}`} />
      <CommitChoice rev={rev} permissions={permissions} />
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy || (!isNew && text === initial)}>
          {busy ? "Committing…" : permissions.write ? "Commit changes" : "Open a pull request"}
        </button>
      </div>
    </form>
  );
}

// `/{id}/edit/{rev}/{path}`: edit a text file (the README first of all) in the browser and commit it. A file that
// does not exist yet starts empty (this is also how a README is added). Files over 1 MB are not edited here.
import { type FormEvent, useState } from "react";
import { AsyncView, FormProblem } from "../../components/status";
import { ApiRequestError } from "../../lib/api";
import { reloadAt, type SessionInfo, sessionJson } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { PullRequestOption, pullRequestPage, wantsPullRequest } from "../community/pull-request-option";
import { type RepoId, repoApiPath, repoPagePath, resolveUrl } from "../repo/repo-url";
import { CommitMessageFields, readCommitMessage } from "./commit-fields";
import { PublishFrame, revAndPath, usePublishRepo } from "./publish-frame";
import { commitText } from "./upload";

const MAX_EDIT_BYTES = 1024 * 1024;

async function loadText(repo: RepoId, rev: string, path: string, signal: AbortSignal): Promise<string> {
  // paths-info first: a missing file is a new one (and asking for it would log a 404 in the console).
  const found = await sessionJson<Array<{ type: string; size: number }>>(
    repoApiPath(repo, `/paths-info/${encodeURIComponent(rev)}`),
    "POST",
    { paths: [path] },
  );
  const entry = found[0];
  if (entry === undefined) return "";
  if (entry.type !== "file") throw new Error(`${path} is a folder`);
  if (entry.size > MAX_EDIT_BYTES) throw new Error("This file is larger than 1 MB: edit it with git instead");
  const response = await fetch(resolveUrl(repo, rev, path), { signal, credentials: "same-origin" });
  if (!response.ok) throw new ApiRequestError(`${response.status} ${response.statusText}`, response.status);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_EDIT_BYTES) throw new Error("This file is larger than 1 MB: edit it with git instead");
  if (bytes.includes(0)) throw new Error("This file is not text");
  return new TextDecoder().decode(bytes);
}

export default function EditPage({ params }: { params: RouteParams }) {
  const repo = usePublishRepo(params);
  const target = revAndPath(params.rest);
  const path = target?.path || "README.md";
  const rev = target?.rev ?? "main";
  const state = useAsync(`${repo.type}:${repo.id}:${rev}:${path}`, (signal) => loadText(repo, rev, path, signal));
  return (
    <PublishFrame repo={repo} title={`Edit ${path}`}>
      {(session) => (
        <AsyncView
          state={state}
          what={path}
          render={(text) => <Editor repo={repo} rev={rev} path={path} initial={text} session={session} />}
        />
      )}
    </PublishFrame>
  );
}

function Editor({
  repo,
  rev,
  path,
  initial,
  session,
}: {
  repo: RepoId;
  rev: string;
  path: string;
  initial: string;
  session: SessionInfo;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(undefined);
    try {
      const message = readCommitMessage(data, `${initial === "" ? "Create" : "Update"} ${path}`);
      const createPr = wantsPullRequest(data);
      const answer = await commitText(repo, rev, path, text, message.summary, message.description, createPr);
      // A pull request was opened with the commit: show it (features/community).
      if (createPr) return reloadAt(pullRequestPage(repo, answer.pullRequestUrl));
      reloadAt(path === "README.md" ? repoPagePath(repo) : repoPagePath(repo, { kind: "blob", rev, path }));
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <form className="card publish-form" onSubmit={submit} aria-busy={busy}>
      <label className="field">
        <span>Content of {path}</span>
        <textarea
          className="editor"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={24}
          spellCheck={false}
        />
      </label>
      <CommitMessageFields placeholder={`Update ${path}`} />
      <PullRequestOption repo={repo} session={session} rev={rev} />
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy || text === initial}>
          {busy ? "Committing…" : "Commit changes"}
        </button>
      </div>
    </form>
  );
}

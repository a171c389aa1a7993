// `/{id}/upload/{rev}/{folder}` (and under /datasets, /spaces): add files by drag and drop (folders too, walked with
// their layout: files-edit/dropped-files.ts) or the file picker (a whole folder too), into a folder, with a commit
// message; the list shows what will be committed before the commit, then each file's progress (hashing, uploading,
// committing), and the page links to the files once the commit is made. Writers commit directly or tick "open as a
// pull request"; signed-in readers the server lets propose changes always open one (files-edit/pull-request-checkbox).
import { type DragEvent, type FormEvent, type Ref, useEffect, useRef, useState } from "react";
import { Link } from "../../components/link";
import { AsyncView, FormProblem } from "../../components/status";
import { navigate } from "../../lib/navigation";
import type { RouteParams } from "../../routes";
import { pullRequestPage, wantsPullRequest } from "../community/pull-request-option";
import { type DropResult, dropNotice, droppedFiles, MAX_DROPPED_FILES } from "../files-edit/dropped-files";
import { carriesFiles } from "../files-edit/files-drop-target";
import { clearDrop, pendingDrop } from "../files-edit/pending-drop";
import { PullRequestCheckbox } from "../files-edit/pull-request-checkbox";
import { type RepoPermissions, useChangePermissions } from "../files-edit/repo-permissions";
import { formatBytes, type RepoId, repoPagePath } from "../repo/repo-url";
import { repoPathFor } from "./commit-body";
import { CommitMessageFields, readCommitMessage } from "./commit-fields";
import { PublishFrame, revAndPath, usePublishRepo } from "./publish-frame";
import { type UploadPhase, uploadFilesAs } from "./upload";

const MAX_FILES = MAX_DROPPED_FILES;
const PHASE_LABEL: Record<UploadPhase, string> = {
  waiting: "waiting",
  hashing: "hashing",
  uploading: "uploading",
  committing: "uploaded, waiting for the commit",
  done: "done",
  failed: "failed",
};

interface Picked {
  file: File;
  name: string;
}

export default function UploadPage({ params }: { params: RouteParams }) {
  const repo = usePublishRepo(params);
  const target = revAndPath(params.rest) ?? { rev: "main", path: "" };
  const permissions = useChangePermissions(repo);
  return (
    <PublishFrame repo={repo} title="Upload files">
      {() => (
        <AsyncView
          state={permissions}
          what={repo.id}
          render={(allowed) => <UploadForm repo={repo} rev={target.rev} start={target.path} permissions={allowed} />}
        />
      )}
    </PublishFrame>
  );
}

function UploadForm({
  repo,
  rev,
  start,
  permissions,
}: {
  repo: RepoId;
  rev: string;
  start: string;
  permissions: RepoPermissions;
}) {
  const target = { rev, path: start };
  const repoKey = `${repo.type}:${repo.id}`;
  const [folder, setFolder] = useState(target.path);
  // Files dropped onto the Files tab before it brought the viewer here (files-edit/files-drop-target.tsx).
  const [handedOver] = useState(() => pendingDrop(repoKey, rev, start));
  const [picked, setPicked] = useState<Picked[]>(() => handedOver?.files ?? []);
  const [notice, setNotice] = useState(() => (handedOver === undefined ? undefined : dropNotice(handedOver)));
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<Record<string, { phase: UploadPhase; fraction: number }>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [commit, setCommit] = useState<string>();
  const [committedFolder, setCommittedFolder] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController>(undefined);
  useEffect(() => clearDrop(), []);

  const addPicked = (chosen: readonly Picked[]) => {
    setCommit(undefined);
    setPicked((current) => {
      const byName = new Map(current.map((entry) => [entry.name, entry]));
      for (const entry of chosen) byName.set(entry.name, entry);
      return [...byName.values()].slice(0, MAX_FILES);
    });
  };
  const add = (files: FileList | null) => {
    if (files === null) return;
    // Copied now: the input's FileList is live and emptied when the input is reset, before the updater runs.
    // A folder picked whole keeps its layout: `webkitRelativePath` is "folder/sub/file" (empty for single files).
    addPicked([...files].map((file) => ({ file, name: file.webkitRelativePath || file.name })));
  };
  const addDrop = (drop: DropResult) => {
    setNotice(dropNotice(drop));
    addPicked(drop.files);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then(addDrop);
  };

  const paths = picked.map((entry) => ({ entry, target: repoPathFor(folder, entry.name) }));
  const pathProblem = paths.find((item) => "error" in item.target);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked.length === 0) return setProblem("Choose at least one file.");
    if (pathProblem !== undefined && "error" in pathProblem.target) return setProblem(pathProblem.target.error);
    const data = new FormData(event.currentTarget);
    const items = paths.map(({ entry, target }) => ({ file: entry.file, path: (target as { path: string }).path }));
    const message = readCommitMessage(data, `Upload ${items.length === 1 ? items[0]?.path : `${items.length} files`}`);
    const createPr = wantsPullRequest(data);
    setBusy(true);
    setProblem(undefined);
    setProgress(Object.fromEntries(items.map((item) => [item.path, { phase: "waiting", fraction: 0 }])));
    const controller = new AbortController();
    running.current = controller;
    try {
      const answer = await uploadFilesAs(
        repo,
        rev,
        items,
        message,
        (path, phase, fraction) => setProgress((current) => ({ ...current, [path]: { phase, fraction } })),
        controller.signal,
        createPr,
      );
      // A pull request was opened with the commit: show it (features/community).
      if (createPr) return navigate(pullRequestPage(repo, answer.pullRequestUrl));
      setCommit(answer.commitOid);
      setCommittedFolder(folder.trim().replace(/^\/+|\/+$/g, ""));
      setPicked([]);
    } catch (error) {
      setProblem((error as Error).message);
      setProgress((current) =>
        Object.fromEntries(
          Object.entries(current).map(([path, value]) => [
            path,
            value.phase === "done" ? value : { ...value, phase: "failed" },
          ]),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  const total = picked.reduce((sum, entry) => sum + entry.file.size, 0);
  return (
    <form className="card publish-form" onSubmit={submit} aria-busy={busy}>
      <section
        className={`drop-zone${dragging ? " dragging" : ""}`}
        aria-label="Files to upload"
        onDragOver={(event) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drag files or folders here, or</p>
        <FilePicker label="Choose files" inputRef={input} onPick={add} />
      </section>
      <label className="field">
        <span>Into folder (empty = the repository's root)</span>
        <input value={folder} onChange={(event) => setFolder(event.target.value)} placeholder="e.g. weights" />
      </label>
      <p className="row">
        <span className="muted small">Or a whole folder, keeping its layout:</span>
        <FilePicker
          label="Choose a folder"
          inputRef={(element) => element?.setAttribute("webkitdirectory", "")}
          onPick={add}
        />
      </p>
      {notice !== undefined ? (
        <p className="muted small" role="status">
          {notice}
        </p>
      ) : null}
      {picked.length > 0 ? (
        <h2 className="upload-summary">
          {picked.length === 1 ? "1 file" : `${picked.length} files`} ({formatBytes(total)}) will be{" "}
          {permissions.write ? "committed" : "proposed in a pull request"}
        </h2>
      ) : null}
      {picked.length > 0 || Object.keys(progress).length > 0 ? (
        <ul className="upload-list" aria-label="Chosen files">
          {(picked.length > 0
            ? paths.map(({ entry, target }) => ({
                key: entry.name,
                size: entry.file.size,
                path: "path" in target ? target.path : entry.name,
                entry,
              }))
            : Object.keys(progress).map((path) => ({ key: path, size: undefined, path, entry: undefined }))
          ).map((row) => {
            const state = progress[row.path];
            return (
              <li key={row.key}>
                <span className="upload-path">{row.path}</span>
                {row.size !== undefined ? <span className="muted">{formatBytes(row.size)}</span> : null}
                {state ? (
                  <>
                    <progress max={1} value={state.fraction} aria-label={`${row.path}: ${PHASE_LABEL[state.phase]}`} />
                    <span className={state.phase === "failed" ? "error small" : "muted small"}>
                      {PHASE_LABEL[state.phase]}
                      {state.phase === "uploading" ? ` ${Math.round(state.fraction * 100)}%` : ""}
                    </span>
                  </>
                ) : null}
                {row.entry && !busy ? (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Remove ${row.path}`}
                    onClick={() => setPicked((current) => current.filter((entry) => entry !== row.entry))}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <CommitMessageFields placeholder="Upload files" />
      <PullRequestCheckbox rev={rev} permissions={permissions} />
      <FormProblem problem={problem} />
      {commit !== undefined ? (
        <p role="status" className="ok">
          Committed {commit.slice(0, 7)}.{" "}
          <Link href={repoPagePath(repo, { kind: "tree", rev, path: committedFolder })}>View the files</Link>
        </p>
      ) : null}
      <div className="row">
        <button type="submit" className="primary" disabled={busy || picked.length === 0}>
          {busy ? "Uploading…" : permissions.write ? "Commit changes" : "Open a pull request"}
        </button>
        {busy ? (
          <button type="button" onClick={() => running.current?.abort()}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A button-looking file input; the input is reset after each pick so that picking the same files again still adds them. */
function FilePicker({
  label,
  inputRef,
  onPick,
}: {
  label: string;
  inputRef: Ref<HTMLInputElement>;
  onPick: (files: FileList | null) => void;
}) {
  return (
    <label className="button-like">
      {label}
      <input
        ref={inputRef}
        type="file"
        multiple
        className="visually-hidden-input"
        onChange={(event) => {
          onPick(event.target.files);
          event.target.value = "";
        }}
      />
    </label>
  );
}

// `/{id}/edit/{rev}/{path}`: edit a text file in the browser and commit it (or open a pull request with it), with
// the site's one editor (files-edit/file-editor-form.tsx). A file that does not exist yet starts empty (this is
// also how a README is added). Files over 1 MB are not edited here.
import { AsyncView } from "../../components/status";
import { ApiRequestError, getJson } from "../../lib/api";
import { sessionJson } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { FileEditorForm } from "../files-edit/file-editor-form";
import { loadPermissions, type RepoPermissions } from "../files-edit/repo-permissions";
import { type RepoId, repoApiPath, resolveUrl } from "../repo/repo-url";
import { PublishFrame, revAndPath, usePublishRepo } from "./publish-frame";

const MAX_EDIT_BYTES = 1024 * 1024;

interface Loaded {
  text: string;
  parentCommit: string | undefined;
  permissions: RepoPermissions;
}

async function loadText(repo: RepoId, rev: string, path: string, signal: AbortSignal): Promise<Loaded> {
  const permissions = await loadPermissions(repo);
  if (!permissions.write && !permissions.pullRequest)
    throw new Error(`You cannot change ${repo.id} or propose changes to it`);
  // The commit the text is read at: the edit's parentCommit (a 412 when the branch moves meanwhile).
  const { data: at } = await getJson<{ sha?: string }>(
    repoApiPath(repo, `/revision/${encodeURIComponent(rev)}`),
    signal,
  );
  const parentCommit = typeof at.sha === "string" ? at.sha : undefined;
  // paths-info first: a missing file is a new one (and asking for it would log a 404 in the console).
  const found = await sessionJson<Array<{ type: string; size: number; lfs?: unknown }>>(
    repoApiPath(repo, `/paths-info/${encodeURIComponent(parentCommit ?? rev)}`),
    "POST",
    { paths: [path] },
  );
  const entry = found[0];
  if (entry === undefined) return { text: "", parentCommit, permissions };
  if (entry.type !== "file") throw new Error(`${path} is a folder`);
  if (entry.lfs !== undefined && entry.lfs !== null)
    throw new Error("This file is stored with Git LFS: replace it with an upload instead");
  if (entry.size > MAX_EDIT_BYTES) throw new Error("This file is larger than 1 MB: edit it with git instead");
  const response = await fetch(resolveUrl(repo, parentCommit ?? rev, path), { signal, credentials: "same-origin" });
  if (!response.ok) throw new ApiRequestError(`${response.status} ${response.statusText}`, response.status);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_EDIT_BYTES) throw new Error("This file is larger than 1 MB: edit it with git instead");
  if (bytes.includes(0)) throw new Error("This file is not text: replace it with an upload instead");
  return { text: new TextDecoder().decode(bytes), parentCommit, permissions };
}

export default function EditPage({ params }: { params: RouteParams }) {
  const repo = usePublishRepo(params);
  const target = revAndPath(params.rest);
  const path = target?.path || "README.md";
  const rev = target?.rev ?? "main";
  const state = useAsync(`${repo.type}:${repo.id}:${rev}:${path}`, (signal) => loadText(repo, rev, path, signal));
  return (
    <PublishFrame repo={repo} title={`Edit ${path}`}>
      {() => (
        <AsyncView
          state={state}
          what={path}
          render={(loaded) => (
            <FileEditorForm
              target={{
                repo,
                rev,
                path,
                isNew: false,
                initial: loaded.text,
                ...(loaded.parentCommit !== undefined ? { parentCommit: loaded.parentCommit } : {}),
              }}
              permissions={loaded.permissions}
            />
          )}
        />
      )}
    </PublishFrame>
  );
}

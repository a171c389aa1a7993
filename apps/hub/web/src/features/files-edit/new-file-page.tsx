// `/{id}/new/{rev}/{folder}` (and under /datasets, /spaces): create a new text file in the browser — its path
// (starting in the folder the Files tab showed), its text, and the commit (files-edit/file-editor-form.tsx).
import { AsyncView } from "../../components/status";
import type { RouteParams } from "../../routes";
import { PublishFrame, revAndPath, usePublishRepo } from "../publish/publish-frame";
import { FileEditorForm } from "./file-editor-form";
import { useChangePermissions } from "./repo-permissions";

export default function NewFilePage({ params }: { params: RouteParams }) {
  const repo = usePublishRepo(params);
  const target = revAndPath(params.rest) ?? { rev: "main", path: "" };
  const state = useChangePermissions(repo);
  return (
    <PublishFrame repo={repo} title="Create a new file">
      {() => (
        <AsyncView
          state={state}
          what={repo.id}
          render={(permissions) => (
            <FileEditorForm
              target={{ repo, rev: target.rev, path: target.path, isNew: true, initial: "" }}
              permissions={permissions}
            />
          )}
        />
      )}
    </PublishFrame>
  );
}

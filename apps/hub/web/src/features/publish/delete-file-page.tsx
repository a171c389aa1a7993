// `/{id}/delete/{rev}/{path}`: delete one file in a commit, after saying which file and where.
import { type FormEvent, useState } from "react";
import NotFoundPage from "../../components/not-found-page";
import { FormProblem } from "../../components/status";
import { reloadAt } from "../../lib/session";
import type { RouteParams } from "../../routes";
import { repoPagePath } from "../repo/repo-url";
import { CommitMessageFields, readCommitMessage } from "./commit-fields";
import { PublishFrame, revAndPath, usePublishRepo } from "./publish-frame";
import { deletePath } from "./upload";

export default function DeleteFilePage({ params }: { params: RouteParams }) {
  const repo = usePublishRepo(params);
  const target = revAndPath(params.rest);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  if (target === undefined || target.path === "") return <NotFoundPage />;
  const { rev, path } = target;
  const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { summary } = readCommitMessage(new FormData(event.currentTarget), `Delete ${path}`);
    setBusy(true);
    setProblem(undefined);
    try {
      await deletePath(repo, rev, path, summary);
      reloadAt(repoPagePath(repo, { kind: "tree", rev, path: folder }));
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <PublishFrame repo={repo} title={`Delete ${path}`}>
      {() => (
        <form className="card publish-form" onSubmit={submit} aria-busy={busy}>
          <p>
            This commits the deletion of <code>{path}</code> on <code>{rev}</code>. Earlier commits keep it.
          </p>
          <CommitMessageFields placeholder={`Delete ${path}`} description={false} />
          <FormProblem problem={problem} />
          <div className="row">
            <button type="submit" className="danger" disabled={busy}>
              {busy ? "Deleting…" : "Delete the file"}
            </button>
          </div>
        </form>
      )}
    </PublishFrame>
  );
}

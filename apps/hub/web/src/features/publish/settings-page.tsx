// `/{id}/settings`: a repository's settings for those who may change it: visibility (private toggle), rename or
// move to another owner, and deletion, which asks for the repository's full id typed out. Links to the upload and
// README editor pages.
import { type FormEvent, useState } from "react";
import { Link } from "../../components/link";
import { AsyncView, FormProblem } from "../../components/status";
import { getJson } from "../../lib/api";
import { reloadAt, type SessionInfo, sessionJson } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RouteParams } from "../../routes";
import { GatedSettings } from "../gating/gated-settings";
import { type RepoId, repoApiPath, repoPagePath, TYPE_LABEL } from "../repo/repo-url";
import { PublishFrame, usePublishRepo } from "./publish-frame";
import { repoNameProblem } from "./repo-names";

interface RepoFacts {
  id: string;
  private?: boolean;
  gated?: boolean | string;
}

export default function SettingsPage({ params }: { params: RouteParams }) {
  const repo = usePublishRepo(params);
  const state = useAsync(`${repo.type}:${repo.id}`, (signal) =>
    getJson<RepoFacts>(repoApiPath(repo), signal).then((r) => r.data),
  );
  return (
    <PublishFrame repo={repo} title="Settings">
      {(session) => (
        <AsyncView
          state={state}
          what={repo.id}
          render={(facts) => <Settings repo={{ ...repo, id: facts.id }} facts={facts} session={session} />}
        />
      )}
    </PublishFrame>
  );
}

function useAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      setDone(await work());
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const messages = (
    <>
      <FormProblem problem={problem} />
      {done ? (
        <p className="ok" role="status">
          {done}
        </p>
      ) : null}
    </>
  );
  return { busy, run, messages };
}

function Settings({ repo, facts, session }: { repo: RepoId; facts: RepoFacts; session: SessionInfo }) {
  const [owner, name] = [repo.id.slice(0, repo.id.indexOf("/")), repo.id.slice(repo.id.indexOf("/") + 1)];
  const [isPrivate, setPrivate] = useState(facts.private === true);
  const visibility = useAction();
  const moving = useAction();
  const deleting = useAction();
  const [newName, setNewName] = useState(name);
  const [confirm, setConfirm] = useState("");
  const owners = [...new Set([owner, session.user.name, ...session.orgs])];

  const toggle = () =>
    visibility.run(async () => {
      const next = !isPrivate;
      await sessionJson(repoApiPath(repo, "/settings"), "PUT", { private: next });
      setPrivate(next);
      return next ? "The repository is now private." : "The repository is now public.";
    });

  const move = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const toOwner = String(new FormData(event.currentTarget).get("owner") ?? owner);
    return moving.run(async () => {
      const problem = repoNameProblem(newName);
      if (problem !== undefined) throw new Error(problem);
      const toRepo = `${toOwner}/${newName}`;
      await sessionJson("/api/repos/move", "POST", { fromRepo: repo.id, toRepo, type: repo.type });
      reloadAt(`${repoPagePath({ type: repo.type, id: toRepo })}/settings`);
      return undefined;
    });
  };

  const remove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return deleting.run(async () => {
      if (confirm !== repo.id) throw new Error(`Type ${repo.id} to confirm`);
      await sessionJson("/api/repos/delete", "DELETE", { name, organization: owner, type: repo.type });
      reloadAt(`/${encodeURIComponent(owner)}`);
      return undefined;
    });
  };

  return (
    <>
      <ul className="row plain-list" aria-label="Change files">
        <li>
          <Link href={`${repoPagePath(repo)}/upload/main`} className="button-link">
            Upload files
          </Link>
        </li>
        <li>
          <Link href={`${repoPagePath(repo)}/edit/main/README.md`} className="button-link">
            Edit the README
          </Link>
        </li>
      </ul>

      <section className="card settings-section" aria-labelledby="visibility-heading">
        <h2 id="visibility-heading">Visibility</h2>
        <p>
          This {TYPE_LABEL[repo.type].toLowerCase()} is <strong>{isPrivate ? "private" : "public"}</strong>
          {isPrivate
            ? ": only its owner and the organization's members can see it."
            : ": anyone can see and download it."}
        </p>
        <button type="button" onClick={toggle} disabled={visibility.busy}>
          {isPrivate ? "Make public" : "Make private"}
        </button>
        {visibility.messages}
      </section>

      <GatedSettings repo={repo} initial={facts.gated} />

      <section className="card settings-section" aria-labelledby="move-heading">
        <h2 id="move-heading">Rename or move</h2>
        <form onSubmit={move} className="row">
          <label className="field">
            <span>Owner</span>
            <select name="owner" defaultValue={owner}>
              {owners.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {candidate}
                </option>
              ))}
            </select>
          </label>
          <label className="field grow">
            <span>Name</span>
            <input value={newName} onChange={(event) => setNewName(event.target.value)} maxLength={96} required />
          </label>
          <button type="submit" disabled={moving.busy}>
            Rename
          </button>
        </form>
        <p className="muted small">Links to the old name stop working; clones must update their remote.</p>
        {moving.messages}
      </section>

      <section className="card settings-section danger-zone" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete this {TYPE_LABEL[repo.type].toLowerCase()}</h2>
        <p>This deletes the repository, its files and its history. It cannot be undone.</p>
        <form onSubmit={remove}>
          <label className="field">
            <span>
              Type <strong>{repo.id}</strong> to confirm
            </span>
            <input value={confirm} onChange={(event) => setConfirm(event.target.value)} autoComplete="off" />
          </label>
          <button type="submit" className="danger" disabled={deleting.busy || confirm !== repo.id}>
            Delete {repo.id}
          </button>
        </form>
        {deleting.messages}
      </section>
    </>
  );
}

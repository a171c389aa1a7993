// The "Gated access" section of a repository's settings (features/publish/settings-page.tsx): the gating mode (off,
// automatic approval, manual review), then for a gated repository the requests: pending ones with Accept and
// Reject, accepted users with Revoke (their request becomes rejected), rejected ones with Accept, and granting
// access to a user by name. Lists are asked again after each change while the last answer stays on screen.
import { type FormEvent, useEffect, useState } from "react";
import "./gating.css";
import { FormProblem } from "../../components/status";
import type { RepoId } from "../repo/repo-url";
import {
  type AccessRequest,
  type GateMode,
  gateMode,
  grantAccess,
  handleRequest,
  listRequests,
  type RequestStatus,
  setGating,
} from "./gating-api";

const MODES: Array<{ value: string; mode: GateMode; label: string; hint: string }> = [
  { value: "off", mode: false, label: "Not gated", hint: "anyone who can see the repository downloads its files" },
  { value: "auto", mode: "auto", label: "Automatic approval", hint: "a request is accepted at once" },
  { value: "manual", mode: "manual", label: "Manual review", hint: "you accept or reject each request" },
];

export function GatedSettings({ repo, initial }: { repo: RepoId; initial: unknown }) {
  const [mode, setMode] = useState<GateMode>(gateMode(initial));
  const [choice, setChoice] = useState<string>(mode === false ? "off" : mode);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = MODES.find((entry) => entry.value === choice)?.mode ?? false;
    setBusy(true);
    setProblem(undefined);
    setDone(undefined);
    try {
      await setGating(repo, next);
      setMode(next);
      setDone(next === false ? "Gating is off." : `Gating is on (${next === "auto" ? "automatic" : "manual"}).`);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="gating-heading">
      <h2 id="gating-heading">Gated access</h2>
      <p className="muted small">
        A gated repository shows its card and file list to everyone who can see it; its files only to its owners and to
        users whose request was accepted.
      </p>
      <form onSubmit={save}>
        <fieldset className="plain-fieldset">
          <legend>Who may download the files</legend>
          {MODES.map((entry) => (
            <label key={entry.value} className="checkbox-field">
              <input
                type="radio"
                name="gated"
                value={entry.value}
                checked={choice === entry.value}
                onChange={() => setChoice(entry.value)}
              />{" "}
              {entry.label} <span className="muted small">— {entry.hint}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy}>
          Save gating
        </button>
      </form>
      <FormProblem problem={problem} />
      {done ? (
        <p className="ok" role="status">
          {done}
        </p>
      ) : null}
      {mode !== false ? <RequestReview repo={repo} /> : null}
    </section>
  );
}

type Lists = Record<RequestStatus, AccessRequest[]>;

function RequestReview({ repo }: { repo: RepoId }) {
  const [lists, setLists] = useState<Lists>();
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again after a change.
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      (["pending", "accepted", "rejected"] as const).map((status) => listRequests(repo, status, controller.signal)),
    ).then(
      ([pending, accepted, rejected]) => setLists({ pending, accepted, rejected }),
      (error: Error) => controller.signal.aborted || setProblem(error.message),
    );
    return () => controller.abort();
  }, [repo.type, repo.id, version]);
  const act = async (work: () => Promise<void>, message: string) => {
    setProblem(undefined);
    setDone(undefined);
    try {
      await work();
      setDone(message);
      setVersion((value) => value + 1);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const grant = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const user = String(new FormData(form).get("user") ?? "").trim();
    if (user === "") return setProblem("Type a user name.");
    void act(async () => {
      await grantAccess(repo, user);
      form.reset();
    }, `${user} has access.`);
  };
  return (
    <>
      <FormProblem problem={problem} />
      {done ? (
        <p className="ok" role="status">
          {done}
        </p>
      ) : null}
      {lists === undefined ? (
        problem ? null : (
          <p className="loading" role="status">
            Loading the access requests…
          </p>
        )
      ) : (
        <>
          <RequestList
            title="Pending requests"
            empty="No request is waiting."
            items={lists.pending}
            actions={[
              { label: "Accept", status: "accepted", done: "accepted" },
              { label: "Reject", status: "rejected", done: "rejected" },
            ]}
            act={(user, status, word) => act(() => handleRequest(repo, user, status), `${user}'s request ${word}.`)}
          />
          <RequestList
            title="Users with access"
            empty="Nobody has been given access yet."
            items={lists.accepted}
            actions={[{ label: "Revoke", status: "rejected", done: "revoked" }]}
            act={(user, status, word) => act(() => handleRequest(repo, user, status), `${user}'s access ${word}.`)}
          />
          <RequestList
            title="Rejected requests"
            empty="No rejected request."
            items={lists.rejected}
            actions={[{ label: "Accept", status: "accepted", done: "accepted" }]}
            act={(user, status, word) => act(() => handleRequest(repo, user, status), `${user}'s request ${word}.`)}
          />
        </>
      )}
      <form className="row" onSubmit={grant} aria-label="Grant access">
        <label className="field grow">
          <span>Grant access to a user</span>
          <input name="user" autoComplete="off" maxLength={42} />
        </label>
        <button type="submit">Grant access</button>
      </form>
    </>
  );
}

function RequestList({
  title,
  empty,
  items,
  actions,
  act,
}: {
  title: string;
  empty: string;
  items: AccessRequest[];
  actions: Array<{ label: string; status: RequestStatus; done: string }>;
  act: (user: string, status: RequestStatus, word: string) => void;
}) {
  return (
    <>
      <h3>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="muted small">{empty}</p>
      ) : (
        <ul className="plain-list request-list" aria-label={title}>
          {items.slice(0, 1000).map((item) => (
            <li key={item.user.user} className="request-row">
              <span className="break">
                <strong>{item.user.user}</strong>
                {item.user.fullname && item.user.fullname !== item.user.user ? ` (${item.user.fullname})` : ""}
                {item.user.email ? <span className="muted small"> {item.user.email}</span> : null}
                <span className="muted small">
                  {" "}
                  · <time dateTime={item.timestamp}>{new Date(item.timestamp).toLocaleString("en")}</time>
                </span>
              </span>
              {item.fields && Object.keys(item.fields).length > 0 ? (
                <dl className="request-fields break">
                  {Object.entries(item.fields)
                    .slice(0, 32)
                    .map(([name, value]) => (
                      <div key={name}>
                        <dt>{name}</dt>
                        <dd>{typeof value === "boolean" ? (value ? "Yes" : "No") : String(value)}</dd>
                      </div>
                    ))}
                </dl>
              ) : null}
              <span className="row">
                {actions.map((action) => (
                  <button
                    key={action.label}
                    type="button"
                    aria-label={`${action.label} ${item.user.user}`}
                    onClick={() => act(item.user.user, action.status, action.done)}
                  >
                    {action.label}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

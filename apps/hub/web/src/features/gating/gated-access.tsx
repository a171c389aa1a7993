// On a gated repository, for visitors who cannot download its files yet: what gating means here (the card and the
// file list stay visible), then a sign-in link for visitors, the pending or rejected state of an earlier request, or
// the access form — the card's `extra_gated_prompt` (sanitised Markdown) and `extra_gated_fields` — which posts the
// ask-access request. Those who already have access see nothing.
import { type FormEvent, useState } from "react";
import { Link } from "../../components/link";
import { ErrorMessage, FormProblem } from "../../components/status";
import { useLocation } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import { CommentBody } from "../community/comment-body";
import type { RepoInfo } from "../repo/repo-data";
import { type RepoId, TYPE_LABEL } from "../repo/repo-url";
import "./gating.css";
import { gateButton, gateFields, gatePrompt } from "./gate-fields";
import { askAccess, type FieldValue, loadAccess, type RequestStatus } from "./gating-api";

export default function GatedAccess({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  const session = useSession();
  const { pathname } = useLocation();
  const kind = TYPE_LABEL[repo.type].toLowerCase();
  if (session === undefined) return null;
  return (
    <section className="card gated-access" aria-labelledby="gated-heading">
      <h2 id="gated-heading">Gated {kind}</h2>
      <p>You can see this {kind}'s card and file list; its owners review who may download the files.</p>
      {session === null ? (
        <p>
          <Link href={`/login?next=${encodeURIComponent(pathname)}`}>Sign in to ask for access</Link>
        </p>
      ) : (
        <AccessFor repo={repo} info={info} />
      )}
    </section>
  );
}

function AccessFor({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  const state = useAsync(`access:${repo.type}:${repo.id}`, (signal) => loadAccess(repo, signal));
  const [asked, setAsked] = useState<RequestStatus>();
  if (state.status === "loading") return null;
  if (state.status === "error") return <ErrorMessage error={state.error} what="your access" />;
  const status = asked ?? state.data.request?.status;
  if (state.data.access || status === "accepted")
    return (
      <p className="ok" role="status">
        You have access to the files.
      </p>
    );
  if (status === "pending")
    return (
      <p role="status">
        <strong>Your request is pending</strong>: the owners will review it.
      </p>
    );
  if (status === "rejected")
    return (
      <p className="error" role="status">
        Your request for access was rejected by the owners.
      </p>
    );
  return <AccessForm repo={repo} info={info} onAsked={setAsked} />;
}

function AccessForm({
  repo,
  info,
  onAsked,
}: {
  repo: RepoId;
  info: RepoInfo;
  onAsked: (status: RequestStatus) => void;
}) {
  const fields = gateFields(info.cardData);
  const prompt = gatePrompt(info.cardData);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: Record<string, FieldValue> = {};
    for (const field of fields) {
      const value = data.get(field.name);
      values[field.name] = field.kind === "checkbox" ? value === "on" : String(value ?? "").slice(0, 2000);
    }
    setBusy(true);
    setProblem(undefined);
    try {
      onAsked(await askAccess(repo, values));
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };
  return (
    <form className="publish-form" aria-label="Ask for access" onSubmit={submit} aria-busy={busy}>
      {prompt !== undefined ? <CommentBody text={prompt} repo={repo} headingLevel={3} /> : null}
      {fields.map((field, index) => {
        const id = `gate-field-${index}`;
        if (field.kind === "checkbox")
          return (
            <label key={id} className="checkbox-field">
              <input type="checkbox" name={field.name} required /> {field.name}
            </label>
          );
        return (
          <label key={id} className="field" htmlFor={id}>
            <span>{field.name}</span>
            {field.kind === "select" ? (
              <select id={id} name={field.name} required defaultValue="">
                <option value="" disabled>
                  Choose…
                </option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={field.name}
                type={field.kind === "date" ? "date" : "text"}
                required
                maxLength={2000}
              />
            )}
          </label>
        );
      })}
      <FormProblem problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {gateButton(info.cardData)}
        </button>
      </div>
    </form>
  );
}

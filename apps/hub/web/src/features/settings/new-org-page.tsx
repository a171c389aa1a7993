// `/organizations/new`: create an organization (the signed-in user becomes its admin), then open its page with a
// full load, so the header, the owner pickers and the settings navigation know the new organization.
import { type FormEvent, useState } from "react";
import { FormProblem } from "../../components/status";
import { reloadAt, sessionJson, useSession } from "../../lib/session";
import { SignInFirst } from "../account/sign-in-first";
import { NAMESPACE_PATTERN, NAMESPACE_RULE, namespaceProblem } from "./account-rules";
import { SettingsLayout } from "./settings-layout";

export default function NewOrganizationPage() {
  const session = useSession();
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null) return <SignInFirst title="New organization" what="create an organization" />;
  return (
    <SettingsLayout>
      <h1>New organization</h1>
      <p className="muted">
        An organization owns repositories that several people work on. You become its admin: you can add members and
        give each one a role.
      </p>
      <NewOrganizationForm />
    </SettingsLayout>
  );
}

function NewOrganizationForm() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [nameProblem, setNameProblem] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const fullname = String(data.get("fullname") ?? "").trim();
    const local = namespaceProblem(name);
    setNameProblem(local);
    if (local !== undefined) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await sessionJson("/api/organizations/new", "POST", fullname === "" ? { name } : { name, fullname });
      reloadAt(`/${encodeURIComponent(name)}`);
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <form className="card settings-section" onSubmit={submit} aria-label="New organization" aria-busy={busy}>
      <label className="field">
        <span>Organization name</span>
        <input
          name="name"
          required
          pattern={NAMESPACE_PATTERN}
          maxLength={42}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={nameProblem !== undefined}
          aria-describedby={nameProblem !== undefined ? "org-name-problem org-name-rule" : "org-name-rule"}
          onBlur={(event) =>
            setNameProblem(event.currentTarget.value ? namespaceProblem(event.currentTarget.value) : undefined)
          }
        />
      </label>
      <small id="org-name-rule" className="muted hint">
        {NAMESPACE_RULE} Its repositories live under this name; it cannot be a name the site uses.
      </small>
      {nameProblem !== undefined ? (
        <small id="org-name-problem" className="error">
          {nameProblem}
        </small>
      ) : null}
      <label className="field">
        <span>Full name (optional)</span>
        <input name="fullname" maxLength={100} autoComplete="organization" />
      </label>
      <FormProblem problem={problem} />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Creating…" : "Create organization"}
      </button>
    </form>
  );
}

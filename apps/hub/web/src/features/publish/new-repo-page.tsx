// `/new`, `/new-dataset`, `/new-space`: create a repository (owner: the user or one of their organizations; name
// checked as the server does; private toggle; a space's SDK) and go to its page.
import { type FormEvent, useState } from "react";
import { FormProblem } from "../../components/status";
import { useLocation } from "../../lib/navigation";
import { reloadAt, sessionJson, useSession } from "../../lib/session";
import { SignInFirst } from "../account/sign-in-first";
import { type RepoType, repoPagePath, TYPE_LABEL } from "../repo/repo-url";
import { repoNameProblem, SPACE_SDKS } from "./repo-names";

function typeOfPath(pathname: string): RepoType {
  if (pathname === "/new-dataset") return "dataset";
  if (pathname === "/new-space") return "space";
  return "model";
}

export default function NewRepoPage() {
  const { pathname } = useLocation();
  const type = typeOfPath(pathname);
  const session = useSession();
  const title = `New ${TYPE_LABEL[type].toLowerCase()}`;
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null) return <SignInFirst title={title} what={`create a ${TYPE_LABEL[type].toLowerCase()}`} />;
  return <NewRepoForm key={type} type={type} title={title} owners={[session.user.name, ...session.orgs]} />;
}

function NewRepoForm({ type, title, owners }: { type: RepoType; title: string; owners: string[] }) {
  const [name, setName] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const nameProblem = repoNameProblem(name);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (nameProblem !== undefined) return;
    const data = new FormData(event.currentTarget);
    const owner = String(data.get("owner") ?? owners[0]);
    setBusy(true);
    setProblem(undefined);
    try {
      await sessionJson("/api/repos/create", "POST", {
        type,
        name,
        organization: owner,
        private: data.get("private") === "on",
        ...(type === "space" ? { sdk: String(data.get("sdk") ?? "static") } : {}),
      });
      // A full load: the new repository's page, with fresh caches.
      reloadAt(repoPagePath({ type, id: `${owner}/${name}` }));
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <section className="publish-page">
      <h1>{title}</h1>
      <form className="card publish-form" onSubmit={submit} noValidate>
        <div className="row">
          <label className="field">
            <span>Owner</span>
            <select name="owner" defaultValue={owners[0]}>
              {owners.map((owner) => (
                <option key={owner} value={owner}>
                  {owner}
                </option>
              ))}
            </select>
          </label>
          <span aria-hidden="true" className="slash">
            /
          </span>
          <label className="field grow">
            <span>{TYPE_LABEL[type]} name</span>
            <input
              name="name"
              value={name}
              required
              maxLength={96}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setTouched(true)}
              aria-invalid={touched && nameProblem !== undefined}
              aria-describedby="name-problem"
            />
          </label>
        </div>
        <p id="name-problem" className={touched && nameProblem ? "error small" : "muted small"}>
          {touched && nameProblem ? nameProblem : "Letters, digits, '-', '_' and '.', up to 96 characters."}
        </p>
        {type === "space" ? (
          <label className="field">
            <span>SDK</span>
            <select name="sdk" defaultValue="static">
              {SPACE_SDKS.map((sdk) => (
                <option key={sdk} value={sdk}>
                  {sdk === "static" ? "static (HTML, runs on this hub)" : sdk}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="check">
          <input type="checkbox" name="private" />
          Private (only you{owners.length > 1 ? " or the organization's members" : ""} can see it)
        </label>
        <FormProblem problem={problem} />
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Creating…" : `Create ${TYPE_LABEL[type].toLowerCase()}`}
          </button>
        </div>
      </form>
    </section>
  );
}

// `/settings/tokens`: the signed-in user's access tokens. A new token (read or write, with a name) is shown once,
// with a copy button; the list shows names, roles and dates (the server keeps only hashes, never the values); each
// token can be revoked.
import { type FormEvent, useState } from "react";
import { CopyButton } from "../../components/code-block";
import { AsyncView, FormProblem } from "../../components/status";
import { getJson } from "../../lib/api";
import { sessionJson, useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import { SettingsLayout } from "../settings/settings-layout";
import { SignInFirst } from "./sign-in-first";

interface TokenSummary {
  id: string;
  displayName: string;
  role: "read" | "write";
  createdAt: string;
}

interface IssuedToken extends TokenSummary {
  token: string;
}

export default function TokensPage() {
  const session = useSession();
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null) return <SignInFirst title="Access tokens" what="manage your access tokens" />;
  return <Tokens />;
}

function Tokens() {
  const [version, setVersion] = useState(0);
  const [issued, setIssued] = useState<IssuedToken>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const state = useAsync(`tokens:${version}`, (signal) =>
    getJson<TokenSummary[]>("/api/web/tokens", signal).then((r) => r.data),
  );

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setProblem(undefined);
    try {
      const token = await sessionJson<IssuedToken>("/api/web/tokens", "POST", {
        name: String(data.get("name") ?? ""),
        role: String(data.get("role") ?? "read"),
      });
      setIssued(token);
      form.reset();
      setVersion((v) => v + 1);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: TokenSummary) => {
    if (!window.confirm(`Revoke the token "${token.displayName}"? Programs using it will stop working.`)) return;
    setProblem(undefined);
    try {
      await sessionJson(`/api/web/tokens/${encodeURIComponent(token.id)}`, "DELETE");
      if (issued?.id === token.id) setIssued(undefined);
      setVersion((v) => v + 1);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <SettingsLayout>
      <h1>Access tokens</h1>
      <p className="muted">
        Tokens let programs (git, the Python and JS clients) act as you. A read token can download private repositories;
        a write token can also create repositories and push.
      </p>
      <form className="card token-form" onSubmit={create} aria-label="New token">
        <h2>New token</h2>
        <div className="row">
          <label className="field">
            <span>Name</span>
            <input name="name" required maxLength={100} placeholder="e.g. laptop" />
          </label>
          <label className="field">
            <span>Role</span>
            <select name="role" defaultValue="read">
              <option value="read">read</option>
              <option value="write">write</option>
            </select>
          </label>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Creating…" : "Create token"}
          </button>
        </div>
      </form>
      <FormProblem problem={problem} />
      {issued ? (
        <div className="card token-issued" role="status">
          <h2>Your new token “{issued.displayName}”</h2>
          <p>Copy it now: it will not be shown again.</p>
          <div className="row">
            <code className="token-value">{issued.token}</code>
            <CopyButton text={issued.token} label="Copy token" />
          </div>
        </div>
      ) : null}
      <h2>Your tokens</h2>
      <AsyncView
        state={state}
        what="your tokens"
        render={(tokens) =>
          tokens.length === 0 ? (
            <p className="muted">No tokens yet.</p>
          ) : (
            <div className="table-scroll">
              <table className="token-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Created</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tokens.map((token) => (
                    <tr key={token.id}>
                      <td>{token.displayName}</td>
                      <td>
                        <span className="badge">{token.role}</span>
                      </td>
                      <td>
                        <time dateTime={token.createdAt}>{new Date(token.createdAt).toLocaleString("en")}</time>
                      </td>
                      <td>
                        <button type="button" onClick={() => revoke(token)} aria-label={`Revoke ${token.displayName}`}>
                          Revoke
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      />
    </SettingsLayout>
  );
}

// An admin adds a user to the organization by their user name, with a role.
import { type FormEvent, useState } from "react";
import { NAMESPACE_PATTERN } from "./account-rules";
import type { MemberActions } from "./member-actions";
import { addMember, isOrgRole, ORG_ROLES, ROLE_MEANING } from "./members-api";

export function AddMemberForm({ org, reload, setProblem }: MemberActions) {
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const user = String(data.get("user") ?? "").trim();
    const role = String(data.get("role") ?? "read");
    if (user === "" || !isOrgRole(role)) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await addMember(org, user, role);
      form.reset();
      reload(`Added ${user} as ${role}.`);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card settings-section" onSubmit={submit} aria-labelledby="add-member-heading" aria-busy={busy}>
      <h2 id="add-member-heading">Add a member</h2>
      <div className="row">
        <label className="field grow">
          <span>User name</span>
          <input
            name="user"
            required
            pattern={NAMESPACE_PATTERN}
            maxLength={42}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label className="field">
          <span>Role</span>
          <select name="role" defaultValue="read" aria-describedby="role-meanings">
            {ORG_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Adding…" : "Add member"}
        </button>
      </div>
      <ul id="role-meanings" className="muted small">
        {ORG_ROLES.map((role) => (
          <li key={role}>{ROLE_MEANING[role]}</li>
        ))}
      </ul>
    </form>
  );
}

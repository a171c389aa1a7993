// An admin's control for one member's role: a select and a Save button (a select alone would send a change on
// every arrow key in some browsers). The last admin cannot be demoted: the server answers 409 and says why.
import { type FormEvent, useState } from "react";
import type { MemberActions } from "./member-actions";
import { changeRole, isOrgRole, ORG_ROLES, type OrgRole } from "./members-api";

export function RoleForm({
  user,
  role,
  org,
  reload,
  setProblem,
}: { user: string; role: OrgRole | undefined } & MemberActions) {
  const [chosen, setChosen] = useState<OrgRole>(role ?? "read");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await changeRole(org, user, chosen);
      reload(`${user} is now ${chosen}.`);
    } catch (error) {
      setProblem((error as Error).message);
      setChosen(role ?? "read"); // the select shows the role the member still has
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="role-form" onSubmit={submit} aria-label={`Role of ${user}`}>
      <select
        aria-label={`Role of ${user}`}
        value={chosen}
        onChange={(event) => {
          if (isOrgRole(event.target.value)) setChosen(event.target.value);
        }}
      >
        {ORG_ROLES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <button type="submit" disabled={busy || chosen === role} aria-label={`Save the role of ${user}`}>
        {busy ? "Saving…" : "Save"}
      </button>
    </form>
  );
}

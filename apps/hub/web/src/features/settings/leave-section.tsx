// Any member can leave the organization (the last admin cannot: the server answers 409 and the page shows why).
// Leaving changes what the whole site shows the user, so it ends with a full load of the organization's page.
import { reloadAt } from "../../lib/session";
import { ConfirmButton } from "./confirm-button";
import type { MemberActions } from "./member-actions";
import { removeMember } from "./members-api";

export function LeaveSection({ org, me, setProblem }: MemberActions) {
  const leave = async () => {
    setProblem(undefined);
    try {
      await removeMember(org, me);
      reloadAt(`/${encodeURIComponent(org)}`);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <section className="card settings-section danger-zone" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave organization</h2>
      <p className="muted">You lose access to its private repositories. An admin can add you again.</p>
      <ConfirmButton
        label="Leave organization"
        question={`Leave ${org}?`}
        confirmLabel={`Leave ${org}`}
        onConfirm={leave}
      />
    </section>
  );
}

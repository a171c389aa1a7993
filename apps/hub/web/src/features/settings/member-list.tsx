// The members, each with their role: a badge for everyone, a role control and "Remove" (asked twice) for admins.
import { useRef } from "react";
import { Link } from "../../components/link";
import { ConfirmButton } from "./confirm-button";
import { useFocusAfterRemoval } from "./focus-after-removal";
import type { MemberActions } from "./member-actions";
import { type OrgMember, removeMember } from "./members-api";
import { RoleForm } from "./role-form";

export function MemberList({ members, ...actions }: { members: OrgMember[] } & MemberActions) {
  const { org, me, isAdmin, reload, setProblem } = actions;
  const isMe = (user: string) => user.toLowerCase() === me.toLowerCase();
  const heading = useRef<HTMLHeadingElement>(null);
  const expectRemoval = useFocusAfterRemoval(members, heading);
  const remove = async (user: string) => {
    setProblem(undefined);
    try {
      await removeMember(org, user);
      expectRemoval();
      reload(`Removed ${user} from ${org}.`);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="members-heading">
      <h2 id="members-heading" tabIndex={-1} ref={heading}>
        Members
      </h2>
      <ul className="settings-list" aria-labelledby="members-heading">
        {members.map((member) => (
          <li key={member.user}>
            <span className="grow member-name">
              <span className="avatar small" aria-hidden="true">
                {member.user.slice(0, 1).toUpperCase()}
              </span>
              <span>
                <Link href={`/${encodeURIComponent(member.user)}`}>{member.user}</Link>
                {isMe(member.user) ? <span className="badge">you</span> : null}
                {member.fullname && member.fullname !== member.user ? (
                  <span className="muted small"> · {member.fullname}</span>
                ) : null}
              </span>
            </span>
            {isAdmin ? (
              <RoleForm user={member.user} role={member.role} {...actions} />
            ) : (
              <span className="badge" title="Role">
                {member.role ?? "member"}
              </span>
            )}
            {isAdmin && !isMe(member.user) ? (
              <ConfirmButton
                label="Remove"
                accessibleLabel={`Remove ${member.user}`}
                question={`Remove ${member.user} from ${org}?`}
                confirmLabel={`Remove ${member.user}`}
                onConfirm={() => remove(member.user)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

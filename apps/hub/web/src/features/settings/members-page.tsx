// `/organizations/{org}/settings/members`: an organization's members and their roles. Admins add members, change
// roles and remove members; every member can leave. A visitor is asked to sign in; a signed-in non-member (or an
// unknown organization) gets the not-found page, as the server answers private things like missing ones.
import { useState } from "react";
import { Link } from "../../components/link";
import NotFoundPage from "../../components/not-found-page";
import { ErrorMessage, FormProblem, Loading } from "../../components/status";
import { ApiRequestError } from "../../lib/api";
import { useSession } from "../../lib/session";
import type { RouteParams } from "../../routes";
import { SignInFirst } from "../account/sign-in-first";
import { AddMemberForm } from "./add-member-form";
import { LeaveSection } from "./leave-section";
import { MemberList } from "./member-list";
import { loadMembers } from "./members-api";
import { SettingsLayout } from "./settings-layout";
import { useRefreshed } from "./use-refreshed";

export default function MembersPage({ params }: { params: RouteParams }) {
  const session = useSession();
  if (session === undefined) return <Loading what="your session" />;
  if (session === null)
    return <SignInFirst title={`Members of ${params.org}`} what="see this organization's members" />;
  return <Members org={params.org} me={session.user.name} />;
}

function Members({ org, me }: { org: string; me: string }) {
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [problem, showProblem] = useState<string>();
  // A refusal replaces the last success message (it would otherwise read as if the failed change had worked).
  const setProblem = (next: string | undefined) => {
    showProblem(next);
    if (next !== undefined) setNotice(undefined);
  };
  const state = useRefreshed(`members:${org}`, version, (signal) => loadMembers(org, signal));
  const reload = (message?: string) => {
    setNotice(message);
    setVersion((v) => v + 1);
  };

  if (state.status === "error") {
    const status = state.error instanceof ApiRequestError ? state.error.status : 0;
    if (status === 404 || status === 403 || status === 401) return <NotFoundPage />;
    return <ErrorMessage error={state.error} what={`the members of ${org}`} />;
  }
  if (state.status === "loading") return <Loading what={`the members of ${org}`} />;
  const members = state.data;
  // Names are one account whatever their case (the server compares them so).
  const mine = members.find((member) => member.user.toLowerCase() === me.toLowerCase());
  if (mine === undefined) return <NotFoundPage />; // not a member: nothing to manage here
  const isAdmin = mine.role === "admin";
  const actions = { org, me, isAdmin, reload, setProblem };

  return (
    <SettingsLayout>
      <h1>Members of {org}</h1>
      <p className="muted">
        <Link href={`/${encodeURIComponent(org)}`}>{org}</Link> has {members.length}{" "}
        {members.length === 1 ? "member" : "members"}. Your role: <strong>{mine.role ?? "member"}</strong>.
        {isAdmin ? "" : " Only admins can add or remove members and change roles."}
      </p>
      {notice !== undefined ? (
        <p className="ok" role="status">
          {notice}
        </p>
      ) : null}
      <FormProblem problem={problem} />
      {isAdmin ? <AddMemberForm {...actions} /> : null}
      <MemberList members={members} {...actions} />
      <LeaveSection {...actions} />
    </SettingsLayout>
  );
}

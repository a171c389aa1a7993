// `/settings/account`: the signed-in user's password and browser sessions, in the settings frame.
import { useState } from "react";
import { useSession } from "../../lib/session";
import { SignInFirst } from "../account/sign-in-first";
import { PasswordForm } from "./password-form";
import { SessionsSection } from "./sessions-section";
import { SettingsLayout } from "./settings-layout";

export default function AccountSettingsPage() {
  const session = useSession();
  const [passwordChanges, setPasswordChanges] = useState(0);
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null) return <SignInFirst title="Account settings" what="change your password and sessions" />;
  return (
    <SettingsLayout>
      <h1>Account settings</h1>
      <p className="muted">
        Signed in as <strong>{session.user.name}</strong>
        {session.user.fullname && session.user.fullname !== session.user.name ? ` (${session.user.fullname})` : ""}.
      </p>
      <PasswordForm user={session.user.name} onChanged={() => setPasswordChanges((n) => n + 1)} />
      <SessionsSection version={passwordChanges} />
    </SettingsLayout>
  );
}

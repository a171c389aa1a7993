// Change password: the current one, the new one twice. The server ends every other session of the account, so
// the page says so and the session list below is asked again (`onChanged`).
import { type FormEvent, useState } from "react";
import { FormProblem } from "../../components/status";
import { sessionJson } from "../../lib/session";
import { MAX_PASSWORD, MIN_PASSWORD, newPasswordProblem, PASSWORD_RULE } from "./account-rules";

export function PasswordForm({ user, onChanged }: { user: string; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get("currentPassword") ?? "");
    const newPassword = String(data.get("newPassword") ?? "");
    setDone(false);
    const local = newPasswordProblem(newPassword, String(data.get("confirmPassword") ?? ""), user);
    if (local !== undefined) {
      setProblem(local);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await sessionJson("/api/web/password", "POST", { currentPassword, newPassword });
      form.reset();
      setDone(true);
      onChanged();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card settings-section" onSubmit={submit} aria-labelledby="password-heading" aria-busy={busy}>
      <h2 id="password-heading">Change password</h2>
      <label className="field">
        <span>Current password</span>
        <input name="currentPassword" type="password" autoComplete="current-password" required />
      </label>
      <label className="field">
        <span>New password</span>
        <input
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          maxLength={MAX_PASSWORD}
          aria-describedby="new-password-rule"
        />
      </label>
      <small id="new-password-rule" className="muted hint">
        {PASSWORD_RULE} Changing it signs you out of every other browser and device.
      </small>
      <label className="field">
        <span>Confirm new password</span>
        <input
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          maxLength={MAX_PASSWORD}
        />
      </label>
      <FormProblem problem={problem} />
      {done ? (
        <p className="ok" role="status">
          Password changed. Your other sessions have been signed out.
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}

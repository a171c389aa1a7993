// The sign-in and sign-up form: labelled fields, one submit, and the server's answer announced in an alert that
// takes the focus (so a keyboard or screen-reader user hears why it failed and is back in the form).
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "../../components/link";
import { errorOf, reloadAt, safeNext, useSession } from "../../lib/session";

export interface AuthField {
  name: "username" | "password" | "fullname";
  label: string;
  type: "text" | "password";
  autoComplete: string;
  required: boolean;
  hint?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

export function AuthForm({
  endpoint,
  fields,
  submitLabel,
  busyLabel,
  footer,
}: {
  endpoint: "/api/web/login" | "/api/web/join";
  fields: readonly AuthField[];
  submitLabel: string;
  busyLabel: string;
  footer: ReactNode;
}) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem !== undefined) alert.current?.focus();
  }, [problem]);
  if (session)
    return (
      <p className="card">
        You are signed in as <Link href={`/${encodeURIComponent(session.user.name)}`}>{session.user.name}</Link>. Sign
        out from the account menu first to use another account.
      </p>
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: Record<string, string> = {};
    for (const field of fields) body[field.name] = String(data.get(field.name) ?? "");
    setBusy(true);
    setProblem(undefined);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", accept: "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      });
      if (!response.ok) throw await errorOf(response);
      reloadAt(safeNext(new URLSearchParams(window.location.search).get("next")));
    } catch (error) {
      setProblem(
        error instanceof TypeError ? "The server cannot be reached. Is it running?" : (error as Error).message,
      );
      setBusy(false);
    }
  };

  return (
    <form className="auth-form card" onSubmit={submit} aria-busy={busy}>
      {fields.map((field) => (
        <label className="field" key={field.name}>
          <span>{field.label}</span>
          <input
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required={field.required}
            pattern={field.pattern}
            minLength={field.minLength}
            maxLength={field.maxLength}
            aria-describedby={field.hint ? `${field.name}-hint` : undefined}
          />
          {field.hint ? (
            <small id={`${field.name}-hint`} className="muted">
              {field.hint}
            </small>
          ) : null}
        </label>
      ))}
      {problem !== undefined ? (
        <p className="error" role="alert" tabIndex={-1} ref={alert}>
          {problem}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
      <p className="muted small">{footer}</p>
    </form>
  );
}

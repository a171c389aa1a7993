// `/join`: create an account (username rules as the server's: 2-42 letters, digits or single dashes, not starting
// or ending with a dash; the server also refuses the site's reserved names) and sign in with it.
import { Link } from "../../components/link";
import { AuthForm } from "./auth-form";

export const USERNAME_PATTERN = "[A-Za-z0-9](?:[A-Za-z0-9\\-]{0,40}[A-Za-z0-9])";

export default function JoinPage() {
  return (
    <section className="auth-page">
      <h1>Create an account</h1>
      <AuthForm
        endpoint="/api/web/join"
        submitLabel="Create account"
        busyLabel="Creating your account…"
        fields={[
          {
            name: "username",
            label: "Username",
            type: "text",
            autoComplete: "username",
            required: true,
            pattern: USERNAME_PATTERN,
            maxLength: 42,
            hint: "2-42 letters, digits or dashes; your repositories live under this name.",
          },
          { name: "fullname", label: "Full name (optional)", type: "text", autoComplete: "name", required: false },
          {
            name: "password",
            label: "Password",
            type: "password",
            autoComplete: "new-password",
            required: true,
            minLength: 8,
            maxLength: 128,
            hint: "At least 8 characters.",
          },
        ]}
        footer={
          <>
            Already have an account? <Link href="/login">Sign in</Link>
          </>
        }
      />
    </section>
  );
}

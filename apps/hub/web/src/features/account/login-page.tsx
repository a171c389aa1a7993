// `/login`: sign in with a username and password (accounts made on `/join`).
import { Link } from "../../components/link";
import { useLocation } from "../../lib/navigation";
import { AuthForm } from "./auth-form";

export default function LoginPage() {
  const { search } = useLocation();
  const next = search.get("next");
  return (
    <section className="auth-page">
      <h1>Sign in</h1>
      <AuthForm
        endpoint="/api/web/login"
        submitLabel="Sign in"
        busyLabel="Signing in…"
        fields={[
          { name: "username", label: "Username", type: "text", autoComplete: "username", required: true },
          {
            name: "password",
            label: "Password",
            type: "password",
            autoComplete: "current-password",
            required: true,
          },
        ]}
        footer={
          <>
            No account yet? <Link href={`/join${next ? `?next=${encodeURIComponent(next)}` : ""}`}>Create one</Link>
          </>
        }
      />
    </section>
  );
}

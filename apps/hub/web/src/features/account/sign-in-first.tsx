// What a page for signed-in users shows a visitor: its title and a link to sign in that comes back here.
import { Link } from "../../components/link";
import { useLocation } from "../../lib/navigation";

export function SignInFirst({ title, what }: { title: string; what: string }) {
  const { pathname } = useLocation();
  return (
    <section>
      <h1>{title}</h1>
      <p>
        <Link href={`/login?next=${encodeURIComponent(pathname)}`}>Sign in</Link> to {what}.
      </p>
    </section>
  );
}

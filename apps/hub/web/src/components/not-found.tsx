// The site's not-found page (issue 20 point 7): what the server's 404 shows for an unknown address, a missing or
// unreadable repository and an unknown user or organization. A private repository looks exactly like a missing
// one, so the page never says the thing exists: it offers a search for the name, the home page and, to a visitor
// who is signed out, signing in "if this is private".
import { useLocation } from "../lib/navigation";
import { useSession } from "../lib/session";
import { Link } from "./link";

export type NotFoundSubject =
  | { kind: "page" }
  | { kind: "repository"; id: string; type: "model" | "dataset" | "space" }
  | { kind: "account"; name: string };

const SEARCH_PATH = { model: "/models", dataset: "/datasets", space: "/spaces" } as const;

function explanation(subject: NotFoundSubject): string {
  switch (subject.kind) {
    case "repository":
      return `There is no ${subject.type} called ${subject.id} that you can see here. It may have been renamed or deleted, or the name may be mistyped.`;
    case "account":
      return `There is no user or organization called ${subject.name} on this hub.`;
    case "page":
      return "There is nothing at this address. It may have moved, or the link may be mistyped.";
  }
}

/** Where searching for what the visitor was after makes sense. */
function searchHref(subject: NotFoundSubject): { href: string; label: string } {
  if (subject.kind === "repository")
    return {
      href: `${SEARCH_PATH[subject.type]}?search=${encodeURIComponent(subject.id.split("/")[1] ?? subject.id)}`,
      label: `Search ${subject.type}s for “${subject.id.split("/")[1] ?? subject.id}”`,
    };
  if (subject.kind === "account")
    return { href: `/models?search=${encodeURIComponent(subject.name)}`, label: `Search models for “${subject.name}”` };
  return { href: "/models", label: "Search models" };
}

export function NotFound({ subject = { kind: "page" } }: { subject?: NotFoundSubject }) {
  const session = useSession();
  const { href: here } = useLocation();
  const find = searchHref(subject);
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page not found</h1>
      <p>{explanation(subject)}</p>
      {subject.kind === "repository" && session === null ? (
        <p>
          Private repositories show only to those who may read them.{" "}
          <Link href={`/login?next=${encodeURIComponent(here)}`}>Sign in</Link> if this one is private.
        </p>
      ) : null}
      <ul className="not-found-links">
        <li>
          <Link href={find.href}>{find.label}</Link>
        </li>
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
      </ul>
    </section>
  );
}

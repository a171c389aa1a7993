import { Link } from "./link";

export default function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        Try the <Link href="/models">models</Link>, the <Link href="/tasks">tasks</Link> or the{" "}
        <Link href="/libraries">libraries</Link>.
      </p>
    </section>
  );
}

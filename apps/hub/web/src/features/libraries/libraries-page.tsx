// Placeholder until this feature lands.
export default function Page() {
  return <p className="muted">This page (libraries-page) is being built.</p>;
}

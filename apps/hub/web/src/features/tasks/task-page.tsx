// Placeholder until this feature lands.
export default function Page() {
  return <p className="muted">This page (task-page) is being built.</p>;
}

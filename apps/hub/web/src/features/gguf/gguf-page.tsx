// Placeholder until this feature lands.
export default function Page() {
  return <p className="muted">This page (gguf-page) is being built.</p>;
}

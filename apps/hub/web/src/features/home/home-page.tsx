import { Link } from "../../components/link";

const SECTIONS = [
  { href: "/models", title: "Models", text: "Search the model index; open a model to load it or call it." },
  { href: "/tasks", title: "Tasks", text: "Every machine-learning task, with demos, models, datasets and metrics." },
  { href: "/libraries", title: "Libraries", text: "The libraries models are loaded with, and what they serve." },
  { href: "/playground", title: "Inference playground", text: "Call a model through a provider or your own endpoint." },
  {
    href: "/chat-template",
    title: "Chat templates",
    text: "Render a model's chat template live, exactly as Jinja2 would.",
  },
  { href: "/gguf", title: "GGUF", text: "Quantization types, and a file-name checker." },
];

export default function HomePage() {
  return (
    <section>
      <h1>Find a model, then load it or call it</h1>
      <p className="muted">Hubkit is an open, self-hostable model hub toolkit.</p>
      <div className="grid">
        {SECTIONS.map((s) => (
          <Link key={s.href} href={s.href} className="card">
            <h2>{s.title}</h2>
            <p className="muted">{s.text}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}

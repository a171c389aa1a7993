// The repository's sections as links (each is its own URL): Card, Files, History, Community, and Settings for writers.
import { Link } from "../../components/link";
import { type RepoId, type RepoView, repoPagePath } from "./repo-url";

export function RepoTabs({ repo, view, canWrite }: { repo: RepoId; view: RepoView; canWrite: boolean }) {
  const rev = "rev" in view ? view.rev : "main";
  const current =
    view.kind === "blob"
      ? "tree"
      : view.kind === "commit"
        ? "commits"
        : view.kind === "discussion"
          ? "discussions"
          : view.kind;
  const tabs: Array<{ kind: string; label: string; href: string }> = [
    {
      kind: "card",
      label: repo.type === "model" ? "Model card" : repo.type === "dataset" ? "Dataset card" : "Card",
      href: repoPagePath(repo),
    },
    { kind: "tree", label: "Files", href: repoPagePath(repo, { kind: "tree", rev, path: "" }) },
    { kind: "commits", label: "History", href: repoPagePath(repo, { kind: "commits", rev }) },
    // Discussions and pull requests (features/community).
    { kind: "discussions", label: "Community", href: repoPagePath(repo, { kind: "discussions" }) },
  ];
  // The settings page is W2's (features/publish); the link only shows for those who can change the repository.
  if (canWrite) tabs.push({ kind: "settings", label: "Settings", href: `${repoPagePath(repo)}/settings` });
  return (
    <nav className="repo-tabs" aria-label="Repository sections">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.kind}>
            <Link href={tab.href} aria-current={tab.kind === current ? "page" : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

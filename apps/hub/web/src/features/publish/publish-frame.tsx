// The frame of a repository's publishing pages (upload, edit, delete, settings): the repository it acts on (from
// the URL, typed by its prefix as the repository pages are), a heading that links back to it, and the sign-in
// prompt for visitors. The server decides who may write; these pages only ask.
import type { ReactNode } from "react";
import { Link } from "../../components/link";
import { useLocation } from "../../lib/navigation";
import { type SessionInfo, useSession } from "../../lib/session";
import type { RouteParams } from "../../routes";
import { SignInFirst } from "../account/sign-in-first";
import { type RepoId, repoPagePath, repoTypeOfPath } from "../repo/repo-url";

export function usePublishRepo(params: RouteParams): RepoId {
  const { pathname } = useLocation();
  return { type: repoTypeOfPath(pathname), id: `${params.owner}/${params.name}` };
}

/** The revision and path in `rest` (`{rev}/{path…}`, still URL-encoded); undefined when malformed. */
export function revAndPath(rest: string | undefined): { rev: string; path: string } | undefined {
  const segments = (rest ?? "").split("/").filter(Boolean);
  try {
    const [rev = "main", ...path] = segments.map(decodeURIComponent);
    return { rev, path: path.join("/") };
  } catch {
    return undefined;
  }
}

export function PublishFrame({
  repo,
  title,
  children,
}: {
  repo: RepoId;
  title: string;
  children: (session: SessionInfo) => ReactNode;
}) {
  const session = useSession();
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null) return <SignInFirst title={title} what={`change ${repo.id}`} />;
  return (
    <section className="publish-page">
      <p className="breadcrumb">
        <Link href={repoPagePath(repo)}>{repo.id}</Link>
      </p>
      <h1>{title}</h1>
      {children(session)}
    </section>
  );
}

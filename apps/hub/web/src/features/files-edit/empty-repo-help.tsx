// What an empty repository (no files, or only `.gitattributes`) shows instead of "no README": how to add files in
// the browser (the Files tab's buttons, for those the server lets write or propose a pull request), with the `hf`
// CLI and with git, each command copyable and spelled with this hub's own address.
import { CodeBlock } from "../../components/code-block";
import { Link } from "../../components/link";
import { type RepoId, repoPagePath } from "../repo/repo-url";
import { editPagePath } from "./edit-paths";
import "./files-edit.css";
import { useRepoPermissions } from "./repo-permissions";

/** Whether a root listing (file paths) is an empty repository's. */
export function isEmptyRepo(paths: readonly string[]): boolean {
  return paths.every((path) => path === ".gitattributes");
}

const CLI_TYPE: Record<RepoId["type"], string> = {
  model: "",
  dataset: " --repo-type=dataset",
  space: " --repo-type=space",
};

export function EmptyRepoHelp({ repo, rev = "main" }: { repo: RepoId; rev?: string }) {
  const permissions = useRepoPermissions(repo);
  const origin = window.location.origin;
  const cloneUrl = `${origin}${repoPagePath(repo)}`;
  const folder = repo.id.slice(repo.id.indexOf("/") + 1);
  return (
    <section className="empty-repo" aria-labelledby="empty-repo-heading">
      <h2 id="empty-repo-heading">This repository is empty</h2>
      <p>Add files in one of these ways.</p>
      <h3>In the browser</h3>
      {permissions?.write || permissions?.pullRequest ? (
        <p className="row">
          <Link href={editPagePath(repo, "upload", rev, "")} className="button-link">
            Upload files
          </Link>
          <Link href={editPagePath(repo, "new", rev, "")} className="button-link">
            Create a new file
          </Link>
          {permissions.write ? null : <span className="muted small">Your files open a pull request.</span>}
        </p>
      ) : (
        <p className="muted">Its owner can upload or create files from the Files tab.</p>
      )}
      <h3>With the hf command line</h3>
      <CodeBlock
        language="sh"
        label="Upload with the hf command line"
        code={`export HF_ENDPOINT=${origin}\nhf auth login\nhf upload ${repo.id} .${CLI_TYPE[repo.type]}`}
      />
      <h3>With git</h3>
      <CodeBlock
        language="sh"
        label="Upload with git"
        code={`git clone ${cloneUrl}\ncd ${folder}\n# add your files, then:\ngit add .\ngit commit -m "Add files"\ngit push`}
      />
    </section>
  );
}

/** The card's place when there is no README: the instructions for an empty repository, else a line saying so. */
export function NoReadme({ repo, files }: { repo: RepoId; files: readonly string[] }) {
  if (isEmptyRepo(files)) return <EmptyRepoHelp repo={repo} />;
  return <p className="muted">This repository has no README.md yet.</p>;
}

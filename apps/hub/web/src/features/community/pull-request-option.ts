// "Open a pull request" for the upload page and the file editor (features/publish): a checkbox whose form field
// `create_pr` makes the page send its commit with `?create_pr=1`. Checked from the start for visitors who cannot
// write to the repository (their only way to propose a change); the page then opens the new pull request.
import type { SessionInfo } from "../../lib/session";
import { type RepoId, repoPagePath } from "../repo/repo-url";
import { pullRequestNumber } from "./community-api";
import "./community.css";
import { discussionPath } from "./community-paths";

export const CREATE_PR_FIELD = "create_pr";

/** Whether the session's user owns the repository or is a member of its organization. */
export function mayWriteTo(repo: RepoId, session: SessionInfo): boolean {
  const owner = repo.id.slice(0, repo.id.indexOf("/")).toLowerCase();
  return session.user.name.toLowerCase() === owner || session.orgs.some((org) => org.toLowerCase() === owner);
}

export function PullRequestOption({ repo, session, rev }: { repo: RepoId; session: SessionInfo; rev: string }) {
  const writer = mayWriteTo(repo, session);
  return (
    <label className="checkbox-field">
      <input type="checkbox" name={CREATE_PR_FIELD} defaultChecked={!writer} /> Open a pull request against{" "}
      <code>{rev}</code> instead of committing to it
      {writer ? null : <span className="muted small"> (you cannot commit to this repository directly)</span>}
    </label>
  );
}

export function wantsPullRequest(data: FormData): boolean {
  return data.get(CREATE_PR_FIELD) === "on";
}

/** Where to go after a commit that opened a pull request: its page (or the Community tab if the number is unclear). */
export function pullRequestPage(repo: RepoId, pullRequestUrl: string | undefined): string {
  const num = pullRequestNumber(pullRequestUrl);
  return num === undefined ? `${repoPagePath(repo)}/discussions` : discussionPath(repo, num);
}

// Committing as a pull request from the upload page and the file editor (features/publish, features/files-edit):
// the form field `create_pr` (files-edit/pull-request-checkbox.tsx, commit-choice.tsx) makes the page send its commit
// with `?create_pr=1`; the page then opens the new pull request. Who may only propose is the server's answer
// (GET /api/web/permissions), never a guess from the owner's name.
import { type RepoId, repoPagePath } from "../repo/repo-url";
import { pullRequestNumber } from "./community-api";
import "./community.css";
import { discussionPath } from "./community-paths";

export const CREATE_PR_FIELD = "create_pr";

export function wantsPullRequest(data: FormData): boolean {
  return data.get(CREATE_PR_FIELD) === "on";
}

/** Where to go after a commit that opened a pull request: its page (or the Community tab if the number is unclear). */
export function pullRequestPage(repo: RepoId, pullRequestUrl: string | undefined): string {
  const num = pullRequestNumber(pullRequestUrl);
  return num === undefined ? `${repoPagePath(repo)}/discussions` : discussionPath(repo, num);
}

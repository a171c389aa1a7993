// Where a browser commit goes, as the hub asks it: for writers, "Commit directly to the {rev} branch" or "Open as
// a pull request to the {rev} branch" (radios; the form field `create_pr` is what community/pull-request-option.ts
// `wantsPullRequest` reads); for signed-in readers the server lets propose changes, always a pull request (a
// hidden field, said in words). The server decides both (repo-permissions.ts) and checks again on commit.
import { CREATE_PR_FIELD } from "../community/pull-request-option";
import type { RepoPermissions } from "./repo-permissions";

export function CommitChoice({ rev, permissions }: { rev: string; permissions: RepoPermissions }) {
  if (!permissions.write)
    return (
      <p className="muted">
        <input type="hidden" name={CREATE_PR_FIELD} value="on" />
        You cannot commit to this repository directly: your change opens a pull request against <code>{rev}</code>.
      </p>
    );
  return (
    <fieldset className="commit-choice">
      <legend className="visually-hidden">Where to commit</legend>
      <label className="checkbox-field">
        <input type="radio" name={CREATE_PR_FIELD} value="" defaultChecked /> Commit directly to the <code>{rev}</code>{" "}
        branch
      </label>
      {permissions.pullRequest ? (
        <label className="checkbox-field">
          <input type="radio" name={CREATE_PR_FIELD} value="on" /> Open as a pull request to the <code>{rev}</code>{" "}
          branch
        </label>
      ) : null}
    </fieldset>
  );
}

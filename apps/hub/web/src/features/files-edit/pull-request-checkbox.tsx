// The upload page's "open as a pull request" checkbox, its default taken from the server's permissions answer
// (repo-permissions.ts), never from a guess on names: writers start unchecked (a direct commit) and may tick it;
// for signed-in readers the server lets propose changes it is checked and locked (a pull request is their only
// way; the form field is then a hidden one, since a disabled checkbox is not sent with the form).
import { CREATE_PR_FIELD } from "../community/pull-request-option";
import type { RepoPermissions } from "./repo-permissions";

export function PullRequestCheckbox({ rev, permissions }: { rev: string; permissions: RepoPermissions }) {
  const locked = !permissions.write;
  return (
    <label className="checkbox-field">
      {locked ? <input type="hidden" name={CREATE_PR_FIELD} value="on" /> : null}
      <input
        type="checkbox"
        name={locked ? undefined : CREATE_PR_FIELD}
        defaultChecked={locked}
        disabled={locked || !permissions.pullRequest}
        aria-describedby={locked ? "pull-request-locked" : undefined}
      />{" "}
      Open as a pull request to the <code>{rev}</code> branch
      {locked ? (
        <span id="pull-request-locked" className="muted small">
          {" "}
          (you cannot commit to this repository directly)
        </span>
      ) : null}
    </label>
  );
}

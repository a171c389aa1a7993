// Picks the branch, tag or commit the files and history are shown at (from `GET /api/{type}s/{id}/refs`).
import { navigate } from "../../lib/navigation";
import { useAsync } from "../../lib/use-async";
import { loadRefs } from "./repo-tree";
import type { RepoId } from "./repo-url";

export function RevisionPicker({
  repo,
  rev,
  pathFor,
}: {
  repo: RepoId;
  rev: string;
  pathFor: (rev: string) => string;
}) {
  const refs = useAsync(`refs:${repo.type}:${repo.id}`, (signal) => loadRefs(repo, signal));
  const branches = refs.status === "ready" ? refs.data.branches.map((b) => b.name) : [];
  const tags = refs.status === "ready" ? refs.data.tags.map((t) => t.name) : [];
  const known = branches.includes(rev) || tags.includes(rev);
  return (
    <label className="field revision-picker">
      <span>Revision</span>
      <select
        value={rev}
        onChange={(event) => navigate(pathFor(event.target.value))}
        disabled={refs.status !== "ready"}
      >
        {known ? null : <option value={rev}>{/^[0-9a-f]{40}$/.test(rev) ? rev.slice(0, 10) : rev}</option>}
        {branches.length > 0 ? (
          <optgroup label="Branches">
            {branches.map((name) => (
              <option key={`b:${name}`} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {tags.length > 0 ? (
          <optgroup label="Tags">
            {tags.map((name) => (
              <option key={`t:${name}`} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
    </label>
  );
}

// A repository's Community tab (`/{repo}/discussions`): its discussions and pull requests, filtered by status
// (open/closed/all), type and a search, page by page as the hub's clients page them (`p`, `count`, `start`); the
// filters live in the URL, so a filtered list can be shared and Back undoes a change. Signed-in visitors start a
// discussion here; pull requests are opened from the upload page or the file editor.
import { type FormEvent, useState } from "react";
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { navigate, useLocation } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RepoId } from "../repo/repo-url";
import {
  type ListQuery,
  listDiscussions,
  listQueryString,
  readListQuery,
  type StatusFilter,
  type TypeFilter,
} from "./community-api";
import { communityPath, discussionPath } from "./community-paths";
import { DiscussionRow } from "./discussion-row";
import { NewDiscussionForm } from "./new-discussion-form";
import "./community.css";

const STATUS_TABS: Array<{ value: StatusFilter; label: string }> = [
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
];
const TYPES: Array<{ value: TypeFilter; label: string }> = [
  { value: "all", label: "Discussions and pull requests" },
  { value: "discussion", label: "Discussions" },
  { value: "pull_request", label: "Pull requests" },
];

export default function CommunityTab({ repo }: { repo: RepoId }) {
  const { pathname, search } = useLocation();
  const query = readListQuery(search);
  const session = useSession();
  const [writing, setWriting] = useState(false);
  const key = `${repo.type}:${repo.id}${listQueryString(query)}`;
  const state = useAsync(key, (signal) => listDiscussions(repo, query, signal));
  const go = (next: Partial<ListQuery>) =>
    navigate(`${communityPath(repo)}${listQueryString({ ...query, page: 0, ...next })}`, { scroll: false });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    go({ search: String(data.get("search") ?? "").trim(), type: String(data.get("type") ?? "all") as TypeFilter });
  };

  return (
    <section aria-labelledby="community-heading" className="community">
      <div className="files-toolbar">
        <h2 id="community-heading">Community</h2>
        {session ? (
          writing ? null : (
            <button type="button" className="primary" onClick={() => setWriting(true)}>
              New discussion
            </button>
          )
        ) : session === null ? (
          <Link href={`/login?next=${encodeURIComponent(pathname)}`}>Sign in to start a discussion</Link>
        ) : null}
      </div>
      {writing ? (
        <NewDiscussionForm
          repo={repo}
          onCancel={() => setWriting(false)}
          onCreated={(num) => navigate(discussionPath(repo, num))}
        />
      ) : null}
      <nav className="segmented" aria-label="Status">
        {STATUS_TABS.map((tab) => (
          <Link
            key={tab.value}
            href={`${communityPath(repo)}${listQueryString({ ...query, status: tab.value, page: 0 })}`}
            aria-current={query.status === tab.value ? "page" : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <form className="row community-search" aria-label="Search discussions" onSubmit={onSearch}>
        <label className="field">
          <span>Show</span>
          <select name="type" defaultValue={query.type} key={query.type}>
            {TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field grow">
          <span>Search titles</span>
          <input name="search" type="search" defaultValue={query.search} key={query.search} maxLength={200} />
        </label>
        <button type="submit">Filter</button>
      </form>
      <AsyncView
        state={state}
        what="the discussions"
        render={(list) => {
          const from = list.start + 1;
          const to = list.start + list.discussions.length;
          return (
            <>
              {list.discussions.length === 0 ? (
                <p className="muted">
                  {query.search !== "" || query.type !== "all" || query.status !== "open"
                    ? "Nothing matches these filters."
                    : "No open discussions or pull requests yet."}
                </p>
              ) : (
                <ul className="discussion-list" aria-label="Discussions and pull requests">
                  {list.discussions.map((item) => (
                    <DiscussionRow key={item.num} repo={repo} item={item} />
                  ))}
                </ul>
              )}
              <nav className="pager" aria-label="Pages" hidden={list.count === 0 && query.page === 0}>
                <span>
                  {list.discussions.length === 0
                    ? "No more results"
                    : `${from}–${to} of ${list.count.toLocaleString("en")}`}
                </span>
                {query.page > 0 ? (
                  <button type="button" onClick={() => go({ page: query.page - 1 })}>
                    ← Previous page
                  </button>
                ) : null}
                {to < list.count ? (
                  <button type="button" onClick={() => go({ page: query.page + 1 })}>
                    Next page →
                  </button>
                ) : null}
              </nav>
            </>
          );
        }}
      />
    </section>
  );
}

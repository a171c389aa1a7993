// The hub's JSON shapes for discussions and their events (README.md §2), from the stored rows. Comment text is
// returned as given (`raw`) and, in `html`, HTML-escaped: inert for any consumer; the site renders `raw` through
// its sanitised Markdown renderer.
import { type RepoRef, urlPrefix } from "../repos/repo-ref.js";
import type { CommitSummary } from "../repos/storage.js";
import { type DiscussionRow, type EventRow, storedComment } from "./discussion-store.js";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function authorOf(base: string, name: string) {
  return { name, type: "user", avatarUrl: `${base}/avatars/${encodeURIComponent(name)}.svg` };
}

export function discussionUrl(base: string, repo: RepoRef, num: number): string {
  return `${base}/${urlPrefix(repo.type)}${repo.id}/discussions/${num}`;
}

export function summaryJson(base: string, repo: RepoRef, row: DiscussionRow) {
  return {
    num: row.num,
    title: row.title,
    status: row.status,
    isPullRequest: row.isPullRequest,
    createdAt: row.createdAt,
    author: authorOf(base, row.author),
    repo: { name: repo.id, type: repo.type },
    numComments: row.numComments,
    pinned: false,
    topReactions: [],
  };
}

export function eventJson(base: string, event: EventRow) {
  const common = { id: event.id, type: event.type, createdAt: event.createdAt, author: authorOf(base, event.author) };
  if (event.type !== "comment") return { ...common, data: event.data };
  const comment = storedComment(event.data);
  const latest = comment.history[0];
  const editors = [...new Set(comment.history.map((version) => version.author))];
  return {
    ...common,
    data: {
      edited: comment.history.length > 1,
      hidden: comment.hidden,
      numEdits: Math.max(0, comment.history.length - 1),
      editors: comment.hidden ? [] : editors,
      latest: {
        raw: comment.hidden ? "" : (latest?.raw ?? ""),
        html: comment.hidden ? "" : escapeHtml(latest?.raw ?? ""),
        updatedAt: latest?.updatedAt ?? event.createdAt,
        author: { name: latest?.author ?? event.author },
      },
      history: comment.history.map((version) => ({
        raw: version.raw,
        updatedAt: version.updatedAt,
        author: { name: version.author },
      })),
    },
  };
}

/** A PR's commit as an event (read from git, not stored). */
export function commitEventJson(base: string, commit: CommitSummary) {
  return {
    id: commit.id.slice(0, 24),
    type: "commit",
    createdAt: commit.date,
    author: authorOf(base, commit.authors[0] ?? "unknown"),
    data: { subject: commit.title, oid: commit.id },
  };
}

// One discussion or pull request (`/{repo}/discussions/{num}`): title (renamable by its author and writers), its
// events in order (comments rendered as sanitised Markdown), the comment form with close/reopen for writers, and
// for a pull request its ref and fetch command, commits, merge button and file diff. After a write the details are
// asked again while the last answer stays on screen, so the focus is not lost to a loading flash.
import { useState } from "react";
import NotFoundPage from "../../components/not-found-page";
import { ErrorMessage, Loading } from "../../components/status";
import { ApiRequestError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { useAsync } from "../../lib/use-async";
import type { RepoId } from "../repo/repo-url";
import { CommentForm } from "./comment-form";
import { type DiscussionDetails, loadDiscussion } from "./community-api";
import { PullRequestFiles } from "./pr-files";
import { PullRequestPanel } from "./pr-panel";
import { Timeline } from "./timeline";
import { TitleBar } from "./title-bar";
import "./community.css";

export interface DiscussionContext {
  repo: RepoId;
  discussion: DiscussionDetails;
  /** The signed-in user's name, if any. */
  me: string | undefined;
  canWrite: boolean;
  /** Ask for the details again (after a write). */
  refresh: () => void;
}

export default function DiscussionPage({ repo, num, canWrite }: { repo: RepoId; num: number; canWrite: boolean }) {
  const [version, setVersion] = useState(0);
  const [shown, setShown] = useState<DiscussionDetails>();
  const state = useAsync(`${repo.type}:${repo.id}#${num}@${version}`, (signal) => loadDiscussion(repo, num, signal));
  const session = useSession();
  // The newest answer, or the previous one while a refresh is under way.
  const discussion = state.status === "ready" ? state.data : shown?.num === num ? shown : undefined;
  if (state.status === "ready" && shown !== state.data) setShown(state.data);
  if (discussion === undefined) {
    if (state.status === "error")
      return state.error instanceof ApiRequestError && state.error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <ErrorMessage error={state.error} what={`discussion #${num}`} />
      );
    return <Loading what={`discussion #${num}`} />;
  }
  const context: DiscussionContext = {
    repo,
    discussion,
    me: session ? session.user.name : undefined,
    canWrite: canWrite && session !== null && session !== undefined,
    refresh: () => setVersion((value) => value + 1),
  };
  return (
    <section className="discussion" aria-labelledby="discussion-heading">
      <TitleBar context={context} />
      {state.status === "error" ? <ErrorMessage error={state.error} what="the latest changes" /> : null}
      {discussion.isPullRequest ? <PullRequestPanel context={context} /> : null}
      <Timeline context={context} />
      <CommentForm context={context} signedIn={session !== null} />
      {discussion.isPullRequest ? <PullRequestFiles context={context} /> : null}
    </section>
  );
}

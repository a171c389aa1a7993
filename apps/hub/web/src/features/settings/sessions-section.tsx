// The places the user is signed in: when each session began and ends, which one is this browser, a "Sign out" for
// each, and "Sign out everywhere". Ending this browser's session (alone or with the rest) reloads the site signed
// out, as the header's "Sign out" does.
import { useRef, useState } from "react";
import { AsyncView, FormProblem } from "../../components/status";
import { reloadAt } from "../../lib/session";
import { ConfirmButton } from "./confirm-button";
import { useFocusAfterRemoval } from "./focus-after-removal";
import { type BrowserSession, endAllSessions, endSession, loadSessions } from "./sessions-api";
import { useRefreshed } from "./use-refreshed";

const when = (iso: string) => new Date(iso).toLocaleString("en", { dateStyle: "medium", timeStyle: "medium" });
/** This browser's session on top, the others in the server's order (newest first). */
const thisBrowserFirst = (sessions: BrowserSession[]) => [
  ...sessions.filter((s) => s.current),
  ...sessions.filter((s) => !s.current),
];

export function SessionsSection({ version }: { version: number }) {
  const [ended, setEnded] = useState(0);
  const [problem, setProblem] = useState<string>();
  const state = useRefreshed("sessions", `${version}:${ended}`, loadSessions);
  const heading = useRef<HTMLHeadingElement>(null);
  const expectRemoval = useFocusAfterRemoval(state.status === "ready" ? state.data : undefined, heading);

  const end = async (session: BrowserSession) => {
    setProblem(undefined);
    try {
      await endSession(session.id);
      if (session.current) reloadAt("/");
      else {
        expectRemoval();
        setEnded((n) => n + 1);
      }
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const endAll = async () => {
    setProblem(undefined);
    try {
      await endAllSessions();
      reloadAt("/");
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" tabIndex={-1} ref={heading}>
        Where you are signed in
      </h2>
      <AsyncView
        state={state}
        what="your sessions"
        render={(sessions) => (
          <ul className="settings-list" aria-label="Sessions">
            {thisBrowserFirst(sessions).map((session) => (
              <li key={session.id}>
                <span className="grow">
                  Signed in <time dateTime={session.createdAt}>{when(session.createdAt)}</time>
                  {session.current ? <span className="badge">This browser</span> : null}
                  <br />
                  <span className="muted small">
                    Expires <time dateTime={session.expiresAt}>{when(session.expiresAt)}</time>
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => end(session)}
                  aria-label={
                    session.current ? "Sign out this browser" : `Sign out the session from ${when(session.createdAt)}`
                  }
                >
                  Sign out
                </button>
              </li>
            ))}
          </ul>
        )}
      />
      <FormProblem problem={problem} />
      <div className="row">
        <ConfirmButton
          label="Sign out everywhere"
          question="Sign out of every browser and device, this one included?"
          confirmLabel="Yes, sign out everywhere"
          onConfirm={endAll}
        />
      </div>
    </section>
  );
}

// A static space's app, running on the hub: an iframe on /spaces/{id}/app/ (server/src/api/web-space-app.ts). The
// app is untrusted code, so it is isolated twice: the iframe's `sandbox` has no `allow-same-origin`, and the server
// sends the same sandbox as a CSP (which also holds when the app's address is opened directly). Either way it
// runs in an opaque origin: no access to the hub's cookies, storage or API as the visitor.
import type { RepoInfo } from "../repo/repo-data";
import { encodePath, type RepoId } from "../repo/repo-url";

// No `allow-modals`: an app's alert/confirm/prompt would block the hub's own page and could pass for its dialogs.
export const SPACE_SANDBOX = "allow-scripts allow-forms allow-popups allow-downloads";

export function spaceSdk(info: RepoInfo): string | undefined {
  const sdk = (info as { sdk?: unknown }).sdk ?? info.cardData?.sdk;
  return typeof sdk === "string" ? sdk : undefined;
}

export function spaceAppUrl(repo: RepoId): string {
  return `/spaces/${encodePath(repo.id)}/app/`;
}

export default function SpaceApp({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  const sdk = spaceSdk(info);
  if (sdk !== "static")
    return (
      <p className="muted space-app-note">
        This space uses the {sdk ?? "unknown"} SDK: only static spaces run on this hub. Its files and card are below.
      </p>
    );
  if (info.private === true)
    return (
      <p className="muted space-app-note">
        Private spaces do not run here: the app is served to everyone without credentials, so only public spaces are.
      </p>
    );
  const src = spaceAppUrl(repo);
  return (
    <section className="space-app" aria-label="App">
      <iframe
        src={src}
        title={`${repo.id} app`}
        sandbox={SPACE_SANDBOX}
        referrerPolicy="no-referrer"
        className="space-app-frame"
      />
      <p className="small">
        <a href={src} target="_blank" rel="noopener noreferrer">
          Open the app in its own tab
        </a>
      </p>
    </section>
  );
}

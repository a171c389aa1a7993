// The header's account corner: "Sign in" for visitors; for a signed-in user a disclosure menu (a native
// <details>, so it opens with Enter/Space and needs no focus trap) with their profile, the new-repository and
// new-organization forms, their account settings and access tokens, and sign-out.
import { useEffect, useRef, useState } from "react";
import { Link } from "../../components/link";
import { useLocation } from "../../lib/navigation";
import { signOut, useSession } from "../../lib/session";
import { describeCount, NotificationBadge, NotificationItems, useNotifications } from "../community/notification-count";

export function UserMenu() {
  const session = useSession();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const [problem, setProblem] = useState<string>();
  const [open, setOpen] = useState(false);
  // Escape closes the open menu (focus back on its button); so does a click anywhere outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      menu.current?.removeAttribute("open");
      menu.current?.querySelector("summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) menu.current?.removeAttribute("open");
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);
  if (session === undefined) return <span className="user-menu" aria-hidden="true" />;
  if (session === null) {
    const next = pathname === "/login" || pathname === "/join" ? "" : `?next=${encodeURIComponent(pathname)}`;
    return (
      <span className="user-menu">
        <Link href={`/login${next}`} className="sign-in-link">
          Sign in
        </Link>
      </span>
    );
  }
  return (
    <SignedInMenu name={session.user.name} menu={menu} setOpen={setOpen} problem={problem} setProblem={setProblem} />
  );
}

function SignedInMenu({
  name,
  menu,
  setOpen,
  problem,
  setProblem,
}: {
  name: string;
  menu: React.RefObject<HTMLDetailsElement | null>;
  setOpen: (open: boolean) => void;
  problem: string | undefined;
  setProblem: (problem: string) => void;
}) {
  // Open discussions and pull requests on the user's repositories (features/community).
  const notifications = useNotifications(name);
  const close = () => menu.current?.removeAttribute("open");
  const items = [
    { href: `/${encodeURIComponent(name)}`, label: "Profile" },
    { href: "/new", label: "New model" },
    { href: "/new-dataset", label: "New dataset" },
    { href: "/new-space", label: "New space" },
    { href: "/organizations/new", label: "New organization" },
    { href: "/settings/account", label: "Account settings" },
    { href: "/settings/tokens", label: "Access tokens" },
  ];
  return (
    <details className="user-menu" ref={menu} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary
        aria-label={`Account menu for ${name}${notifications?.count ? `, ${describeCount(notifications.count)}` : ""}`}
      >
        <span className="avatar small" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-name">{name}</span>
        <NotificationBadge notifications={notifications} />
      </summary>
      <ul>
        <NotificationItems notifications={notifications} onClick={close} />
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href} onClick={close}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={() => signOut().catch((error: Error) => setProblem(error.message))}
            className="link-button"
          >
            Sign out
          </button>
        </li>
      </ul>
      {problem ? (
        <p className="error small" role="alert">
          {problem}
        </p>
      ) : null}
    </details>
  );
}

// The frame of every settings page: the settings navigation (your account, your access tokens, the members of each
// of your organizations) beside the page on wide screens, above it on a phone.
import type { ReactNode } from "react";
import { Link } from "../../components/link";
import { useLocation } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import { membersPagePath, sessionOrgNames } from "./session-orgs";
import "./settings.css";

export function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="settings-layout">
      <SettingsNav />
      <section className="settings-page">{children}</section>
    </div>
  );
}

function SettingsNav() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return null; // a visitor sees only the page's sign-in prompt
  const orgs = sessionOrgNames(session);
  const item = (href: string, label: string) => (
    <li key={href}>
      <Link href={href} aria-current={pathname === href ? "page" : undefined}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav className="settings-nav" aria-label="Settings">
      <ul>
        {item("/settings/account", "Account")}
        {item("/settings/tokens", "Access tokens")}
        {item("/settings/webhooks", "Webhooks")}
      </ul>
      <p className="settings-nav-group" id="settings-nav-orgs">
        Organizations
      </p>
      <ul aria-labelledby="settings-nav-orgs">
        {orgs.map((org) => item(membersPagePath(org), org))}
        {item("/organizations/new", "New organization")}
      </ul>
    </nav>
  );
}

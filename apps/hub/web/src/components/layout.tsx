// The frame of every page: skip link, header with navigation and theme switch, main content, footer.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { UserMenu } from "../features/account/user-menu";
import { QuickSearch } from "../features/search/quick-search";
import { useLocation } from "../lib/navigation";
import { applyTheme, initialTheme, type Theme } from "../lib/theme";
import { ROUTES } from "../routes";
import { Link } from "./link";

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => applyTheme(theme, false), [theme]);
  // After a client-side page change, focus moves to the content (as a page load would reset it), so keyboard and
  // screen-reader users start on the new page instead of on the link they left. Query-only changes (typing in a
  // search box) keep the focus where it is.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  const toggle = () => {
    const next = theme === "dark" ? "light" : "dark";
    applyTheme(next, true);
    setTheme(next);
  };
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link href="/" className="brand" aria-label="Hubkit home">
          <span aria-hidden="true">◆</span> Hubkit
        </Link>
        <nav aria-label="Main">
          <ul>
            {ROUTES.filter((r) => r.navLabel).map((r) => (
              <li key={r.pattern}>
                <Link
                  href={r.pattern}
                  aria-current={pathname === r.pattern || pathname.startsWith(`${r.pattern}/`) ? "page" : undefined}
                >
                  {r.navLabel}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <QuickSearch />
        <UserMenu />
        <button
          type="button"
          className="theme-toggle"
          onClick={toggle}
          aria-label={`Switch to ${theme === "dark" ? "light" : "dark"} theme`}
        >
          {theme === "dark" ? "☀" : "☾"}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        Hubkit — an open, self-hostable model hub toolkit. Data is a curated snapshot; no network needed.
      </footer>
    </>
  );
}

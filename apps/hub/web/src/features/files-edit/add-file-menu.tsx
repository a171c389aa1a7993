// "Add file" in the Files tab's header, where the hub puts it: a menu button (Enter/Space/↓ opens it, Escape
// closes it and returns focus, ↑/↓ move between the items) with "Upload files" and "Create a new file" into the
// folder shown. For viewers the server lets write, and for signed-in readers it lets propose changes (their upload
// and new file open a pull request: the pages say so and send `create_pr`), decided by the server
// (repo-permissions.ts). Signed-out visitors get a sign-in link that comes back here instead.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "../../components/link";
import { useLocation } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import type { RepoId } from "../repo/repo-url";
import { editPagePath } from "./edit-paths";
import "./files-edit.css";
import type { RepoPermissions } from "./repo-permissions";

/** Focuses the menu's `index`-th link (wrapping around). */
function focusMenuItem(menu: HTMLUListElement | null, index: number): void {
  const items = [...(menu?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
  items[(index + items.length) % items.length]?.focus();
}

export function AddFileMenu({
  repo,
  rev,
  folder,
  permissions,
}: {
  repo: RepoId;
  rev: string;
  folder: string;
  permissions: RepoPermissions | undefined;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const focusItem = (index: number) => focusMenuItem(menu.current, index);
  const session = useSession();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!open) return;
    focusMenuItem(menu.current, 0);
    const close = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !button.current?.parentElement?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  if (session === null)
    return (
      <Link href={`/login?next=${encodeURIComponent(pathname)}`} className="button-link small add-file-sign-in">
        Sign in to add files
      </Link>
    );
  if (permissions === undefined || (!permissions.write && !permissions.pullRequest)) return null;
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLAnchorElement>("a") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusItem(at + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusItem(at - 1);
    } else if (event.key === "Tab") setOpen(false);
  };
  return (
    <div className="add-file-menu">
      <button
        ref={button}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        + Add file <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul id={menuId} ref={menu} className="add-file-items" onKeyDown={onMenuKey}>
          <li>
            <Link href={editPagePath(repo, "upload", rev, folder)}>Upload files</Link>
          </li>
          <li>
            <Link href={editPagePath(repo, "new", rev, folder)}>Create a new file</Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

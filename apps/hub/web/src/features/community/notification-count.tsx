// The user menu's notification count (features/account/user-menu.tsx): a badge on the menu button and, inside the
// menu, a link to the Community tab of each repository with something open. Loaded after the page, never blocking
// it; a failure leaves the menu as it was (the count is a hint, not a page).
import { useEffect, useState } from "react";
import { Link } from "../../components/link";
import { repoPagePath } from "../repo/repo-url";
import { loadNotifications, type Notifications } from "./notifications";
import "./community.css";

/** At most this many repositories are listed in the menu. */
const MAX_LISTED = 5;

export function useNotifications(user: string): Notifications | undefined {
  const [value, setValue] = useState<Notifications>();
  useEffect(() => {
    const controller = new AbortController();
    loadNotifications(user, controller.signal).then(
      (answer) => controller.signal.aborted || setValue(answer),
      () => undefined,
    );
    return () => controller.abort();
  }, [user]);
  return value;
}

export function describeCount(count: number): string {
  return `${count} open ${count === 1 ? "discussion or pull request" : "discussions and pull requests"} on your repositories`;
}

export function NotificationBadge({ notifications }: { notifications: Notifications | undefined }) {
  if (notifications === undefined || notifications.count === 0) return null;
  return (
    <span className="notification-count" aria-hidden="true">
      {notifications.count > 99 ? "99+" : notifications.count}
    </span>
  );
}

export function NotificationItems({
  notifications,
  onClick,
}: {
  notifications: Notifications | undefined;
  onClick: () => void;
}) {
  if (notifications === undefined || notifications.count === 0) return null;
  return (
    <>
      {notifications.repos.slice(0, MAX_LISTED).map((entry) => (
        <li key={`${entry.repo.type}:${entry.repo.id}`}>
          <Link href={`${repoPagePath(entry.repo)}/discussions`} onClick={onClick}>
            {entry.repo.id}: {entry.open} open
          </Link>
        </li>
      ))}
    </>
  );
}

// The user menu's notification count (features/account/user-menu.tsx): a badge on the menu button and, inside the
// menu, a link to each of the newest open discussions and pull requests. Loaded after the page, never blocking
// it; a failure leaves the menu as it was (the count is a hint, not a page).
import { useEffect, useState } from "react";
import { Link } from "../../components/link";
import { repoPagePath } from "../repo/repo-url";
import { loadNotifications, type Notifications } from "./notifications";
import "./community.css";

/** At most this many discussions are listed in the menu. */
const MAX_LISTED = 5;

export function useNotifications(user: string): Notifications | undefined {
  const [value, setValue] = useState<Notifications>();
  useEffect(() => {
    // Loaded again when another user signs in (the route answers for whoever the cookie names).
    if (user === "") return;
    const controller = new AbortController();
    loadNotifications(controller.signal).then(
      (answer) => controller.signal.aborted || setValue(answer),
      () => undefined,
    );
    return () => controller.abort();
  }, [user]);
  return value;
}

export function describeCount(count: number): string {
  return `${count} open ${count === 1 ? "discussion or pull request" : "discussions and pull requests"} to follow`;
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
      {notifications.items.slice(0, MAX_LISTED).map((item) => (
        <li key={`${item.repo.type}:${item.repo.id}#${item.num}`}>
          <Link href={`${repoPagePath(item.repo)}/discussions/${item.num}`} onClick={onClick}>
            {item.repo.id}#{item.num}: {item.title}
          </Link>
        </li>
      ))}
    </>
  );
}

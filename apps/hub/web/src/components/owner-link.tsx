// A user's or organization's name as a link to its page (`/{name}`, features/profile): every owner and author the
// site shows links there, as on the hub. An author whose account is gone shows as plain "deleted".
import { Link } from "./link";

export function ownerPagePath(name: string): string {
  return `/${encodeURIComponent(name)}`;
}

/** The owner part of an `owner/name` repository id. */
export function ownerOfRepo(id: string): string {
  const slash = id.indexOf("/");
  return slash < 0 ? id : id.slice(0, slash);
}

export function OwnerLink({ name, className }: { name: string | undefined; className?: string }) {
  if (name === undefined || name === "") return <>deleted</>;
  return (
    <Link href={ownerPagePath(name)} className={className ? `owner-link ${className}` : "owner-link"}>
      {name}
    </Link>
  );
}

// Paging through a split: links to the first, previous, next and last pages (real links with `?offset=`, so each
// page has its address and Back/Forward step through them), and where the shown rows sit among all of them.
import { Link } from "../../components/link";
import { pageInfo } from "./viewer-url-state";

export function Pager({
  offset,
  length,
  shown,
  total,
  hrefFor,
  what,
}: {
  offset: number;
  length: number;
  shown: number;
  total: number;
  /** The page's address at another offset. */
  hrefFor: (offset: number) => string;
  /** What is counted: "rows", "matching rows". */
  what: string;
}) {
  const info = pageInfo(offset, length, shown, total);
  const count = total.toLocaleString("en");
  const link = (label: string, target: number | undefined, name: string) =>
    target === undefined ? (
      <span className="pager-off" aria-hidden="true">
        {label}
      </span>
    ) : (
      <Link href={hrefFor(target)} aria-label={name}>
        {label}
      </Link>
    );
  return (
    <nav className="viewer-pager" aria-label="Pages of rows">
      {link("« First", offset > 0 ? 0 : undefined, "First page")}
      {link("‹ Previous", info.previous, "Previous page")}
      <span className="pager-where" aria-live="polite">
        {shown > 0
          ? `${what[0]?.toUpperCase()}${what.slice(1)} ${info.first.toLocaleString("en")}–${info.last.toLocaleString("en")} of ${count}`
          : `No ${what} here (${count} in all)`}
      </span>
      {link("Next ›", info.next, "Next page")}
      {link("Last »", info.lastPage, "Last page")}
    </nav>
  );
}

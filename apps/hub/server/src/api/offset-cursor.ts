// Offset pages for the small listings that have no natural key order to resume from (collections, likes): the
// cursor is base64url("o:<offset>"), bounded so a deep page is a 400 rather than a crawl through the whole table.
import type { Context } from "hono";
import { ApiError } from "./api-error.js";
import { nextPageUrl } from "./listing.js";

/** Deeper than this, a listing is a crawl: 400. */
export const MAX_OFFSET = 100_000;

/** The offset a `cursor` query parameter stands for (0 without one); 400 "Invalid cursor" for anything else. */
export function offsetFromCursor(cursor: string | null | undefined): number {
  if (cursor === null || cursor === undefined) return 0;
  const text = Buffer.from(cursor.slice(0, 40), "base64url").toString("utf8");
  if (!/^o:\d{1,6}$/.test(text) || Number(text.slice(2)) > MAX_OFFSET) throw new ApiError(400, "Invalid cursor");
  return Number(text.slice(2));
}

/** Sets the next page's `Link` when this page came back full and the next one is still within MAX_OFFSET. */
export function linkNextOffset(c: Context, offset: number, count: number, limit: number): void {
  if (count < limit || offset + count > MAX_OFFSET) return;
  c.header("Link", `<${nextPageUrl(c, Buffer.from(`o:${offset + count}`).toString("base64url"))}>; rel="next"`);
}

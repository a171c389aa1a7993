// Image and audio cells of the row answers, as the viewer page reads them: an Image is the Parquet struct itself
// (`{bytes: base64, path}`, the page builds a data URI from bytes that start like a raster image); an Audio is the
// service's list of sources, `[{src: "data:audio/…;base64,…", type}]`, its type from the bytes. A file over
// MAX_INLINE_BYTES is not inlined (rows.ts leaves its bytes in the file; its column is named in `truncated_cells`):
// a page of 100 rows stays bounded however large the files.
import { HEAD_BYTES, mediaTypeOf } from "./media-types.js";

export const MAX_INLINE_BYTES = 2 * 1024 * 1024;

export function mediaCell(feature: "Image" | "Audio", value: unknown): { value: unknown; truncated: boolean } {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { value, truncated: false };
  const { bytes, path } = value as { bytes?: unknown; path?: unknown };
  if (typeof bytes !== "string")
    return { value: feature === "Audio" ? [] : { bytes: null, path: path ?? null }, truncated: false };
  // base64 is 4 characters per 3 bytes.
  if ((bytes.length / 4) * 3 > MAX_INLINE_BYTES)
    return { value: feature === "Audio" ? [] : { bytes: null, path: path ?? null }, truncated: true };
  if (feature === "Image") return { value, truncated: false };
  const type = mediaTypeOf(Buffer.from(bytes.slice(0, Math.ceil(HEAD_BYTES / 3) * 4), "base64"), "audio");
  if (type === undefined) return { value: [], truncated: false };
  return { value: [{ src: `data:${type};base64,${bytes}`, type }], truncated: false };
}

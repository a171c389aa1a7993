// One cell of the dataset viewer as the service sends it: numbers and booleans typed, nulls marked, long text and
// nested values shortened with an "Expand" button, Image cells (`{src, height, width}`, or the Parquet struct
// `{bytes, path}`) as <img> and Audio cells (`[{src, type}]`) as <audio controls>. Media is loaded only from this
// hub's own origin or an inline base64 image or audio: a cell pointing elsewhere is shown as a note, never fetched.
import { useState } from "react";

/** Characters shown before a cell needs "Expand". */
const MAX_TEXT = 300;
/** Characters of JSON built for a nested value at most (a huge value stops being walked). */
const MAX_JSON = 20_000;

/** JSON text of a nested value, cut at MAX_JSON characters. */
export function jsonText(value: unknown): string {
  let length = 0;
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (length > MAX_JSON) return undefined;
    if (typeof inner === "string") length += inner.length;
    length += 2;
    return inner;
  });
  return (text ?? String(value)).slice(0, MAX_JSON);
}

/** Inline media the service may send instead of a URL (raster images and audio only; no SVG, no HTML). */
const DATA_URI = {
  image: /^data:image\/(?:png|jpeg|gif|webp|avif|bmp);base64,[A-Za-z0-9+/=]+$/,
  audio: /^data:audio\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+$/,
};
/** Longest inline media accepted (a cell is a preview, not a download). */
const MAX_DATA_URI = 8 * 1024 * 1024;

/** The URL of a media cell when it is on this hub's origin or an inline image/audio; undefined for anything else. */
export function mediaUrl(src: unknown, kind: "image" | "audio"): string | undefined {
  if (typeof src !== "string" || src.length === 0) return undefined;
  if (src.startsWith("data:")) return src.length <= MAX_DATA_URI && DATA_URI[kind].test(src) ? src : undefined;
  if (src.length > 4096) return undefined;
  try {
    const url = new URL(src, window.location.href);
    return url.origin === window.location.origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const RASTER_MAGIC: ReadonlyArray<[string, (bytes: string) => boolean]> = [
  ["image/png", (b) => b.startsWith("\x89PNG")],
  ["image/jpeg", (b) => b.startsWith("\xff\xd8\xff")],
  ["image/gif", (b) => b.startsWith("GIF8")],
  ["image/webp", (b) => b.startsWith("RIFF") && b.slice(8, 12) === "WEBP"],
  ["image/bmp", (b) => b.startsWith("BM")],
  ["image/avif", (b) => b.slice(4, 12) === "ftypavif"],
];

/**
 * The address of an Image cell: its `src`, or — when the service sends the Parquet struct itself, `{bytes: base64,
 * path}` — a data URI of the bytes when they start like a raster image (the type comes from the bytes, never the
 * path).
 */
export function imageSource(value: { src?: unknown; bytes?: unknown; path?: unknown }): unknown {
  if (value.src !== undefined) return value.src;
  if (typeof value.bytes !== "string" || value.bytes.length < 8) return undefined;
  let head: string;
  try {
    head = atob(value.bytes.slice(0, 24));
  } catch {
    return undefined;
  }
  const type = RASTER_MAGIC.find(([, test]) => test(head))?.[0];
  return type === undefined ? undefined : `data:${type};base64,${value.bytes}`;
}

function LongText({ text, className }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  if (text.length <= MAX_TEXT) return <span className={className}>{text}</span>;
  return (
    <>
      <span className={className}>{open ? text : `${text.slice(0, MAX_TEXT)}…`}</span>{" "}
      <button
        type="button"
        className="link-button small cell-expand"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? "Collapse" : `Expand (${text.length.toLocaleString("en")} characters)`}
      </button>
    </>
  );
}

function ImageCell({
  value,
  label,
}: {
  value: { src?: unknown; bytes?: unknown; width?: unknown; height?: unknown };
  label: string;
}) {
  const src = mediaUrl(imageSource(value), "image");
  if (src === undefined)
    return <span className="muted">image not shown (not on this hub, or not an image format)</span>;
  const size = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.round(n) : undefined);
  return (
    <img
      src={src}
      alt={label}
      width={size(value.width)}
      height={size(value.height)}
      className="dataset-image"
      loading="lazy"
    />
  );
}

function AudioCell({ sources, label }: { sources: unknown[]; label: string }) {
  const usable = sources
    .map((source) => source as { src?: unknown; type?: unknown })
    .map((source) => ({
      src: mediaUrl(source?.src, "audio"),
      type: typeof source?.type === "string" ? source.type : "",
    }))
    .filter((source): source is { src: string; type: string } => source.src !== undefined);
  if (usable.length === 0) return <span className="muted">audio not loaded (not on this hub)</span>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a dataset's audio has no captions to offer.
    <audio controls preload="none" className="dataset-audio" aria-label={label}>
      {usable.map((source) => (
        <source key={source.src} src={source.src} {...(source.type ? { type: source.type } : {})} />
      ))}
    </audio>
  );
}

export function CellValue({
  value,
  media,
  classes,
  label,
  truncated = false,
}: {
  value: unknown;
  /** The column is a ClassLabel with these class names (the cell holds the index; -1 is "no label"). */
  classes?: readonly string[];
  /** The column's feature is an Image or an Audio. */
  media?: "image" | "audio";
  /** What the cell is, for media's accessible name (e.g. "image, row 3"). */
  label: string;
  /** The service shortened this cell itself. */
  truncated?: boolean;
}) {
  if (value === null || value === undefined) return <span className="cell-null">null</span>;
  const note = truncated ? <span className="muted small"> (shortened by the server)</span> : null;
  if (media === "image" && typeof value === "object" && !Array.isArray(value))
    return <ImageCell value={value as { src?: unknown; bytes?: unknown }} label={label} />;
  if (media === "audio" && Array.isArray(value)) return <AudioCell sources={value} label={label} />;
  if (typeof value === "boolean") return <>{String(value)}</>;
  if (typeof value === "number" && classes !== undefined) {
    const name = Number.isInteger(value) ? classes[value] : undefined;
    return name !== undefined ? (
      <>
        {name} <span className="muted small num">({value})</span>
      </>
    ) : (
      <span className="muted num">{value === -1 ? "no label" : String(value)}</span>
    );
  }
  if (typeof value === "number") return <span className="num">{String(value)}</span>;
  if (typeof value === "string")
    return (
      <>
        <LongText text={value} />
        {note}
      </>
    );
  return (
    <>
      <LongText text={jsonText(value)} className="dataset-json" />
      {note}
    </>
  );
}

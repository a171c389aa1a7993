// One cell of the dataset viewer: numbers, booleans and nulls typed, long text shortened, nested values as JSON,
// and the datasets library's Image and Audio values (`{bytes, path}`) shown inline from their bytes. Media comes
// from the file's own bytes through a blob: URL (never a remote address), and only types sniffed from the bytes.
import { useEffect, useState } from "react";
import { sniffMedia } from "./parse-table";

const MAX_TEXT = 300;

function shorten(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** JSON text of any decoded value (BigInt and bytes included), shortened. */
export function previewJson(value: unknown): string {
  let seen = 0;
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    // A huge nested value stops being walked once the preview is long enough.
    if (++seen > 2_000) return undefined;
    if (typeof inner === "bigint") return inner.toString();
    if (inner instanceof Uint8Array) return `<${inner.length} bytes>`;
    return inner;
  });
  return shorten(text ?? String(value));
}

function MediaCell({ bytes, type }: { bytes: Uint8Array; type: string }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const blobUrl = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
    setUrl(blobUrl);
    return () => URL.revokeObjectURL(blobUrl);
  }, [bytes, type]);
  if (url === undefined) return null;
  return type.startsWith("image/") ? (
    <img src={url} alt="" className="dataset-image" loading="lazy" />
  ) : (
    // biome-ignore lint/a11y/useMediaCaption: a dataset's audio has no captions to offer.
    <audio src={url} controls preload="none" className="dataset-audio" />
  );
}

export function CellValue({
  value,
  media,
}: {
  value: unknown;
  /** A cell naming one of the repository's image or audio files: shown from its resolve URL. */
  media?: { kind: "image" | "audio"; url: string | undefined };
}) {
  if (value === null || value === undefined) return <span className="muted">null</span>;
  if (media?.url !== undefined)
    return media.kind === "image" ? (
      <img src={media.url} alt={typeof value === "string" ? value : ""} className="dataset-image" loading="lazy" />
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: a dataset's audio has no captions to offer.
      <audio src={media.url} controls preload="none" className="dataset-audio" aria-label={String(value)} />
    );
  if (typeof value === "boolean") return <>{String(value)}</>;
  if (typeof value === "number" || typeof value === "bigint") return <span className="num">{String(value)}</span>;
  if (typeof value === "string") return <>{shorten(value)}</>;
  if (value instanceof Date) return <>{Number.isNaN(value.getTime()) ? "invalid date" : value.toISOString()}</>;
  if (value instanceof Uint8Array) {
    const type = sniffMedia(value);
    return type ? (
      <MediaCell bytes={value} type={type} />
    ) : (
      <span className="muted">binary · {value.length} bytes</span>
    );
  }
  if (typeof value === "object" && !Array.isArray(value)) {
    const bytes = (value as { bytes?: unknown }).bytes;
    if (bytes instanceof Uint8Array) {
      const type = sniffMedia(bytes);
      if (type) return <MediaCell bytes={bytes} type={type} />;
    }
  }
  return <code className="dataset-json">{previewJson(value)}</code>;
}

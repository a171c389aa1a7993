// Reads the start of a file over HTTP with a Range request, so a large file is never loaded whole into the page.
import { responseError } from "../../lib/api";

export interface FileStart {
  bytes: Uint8Array;
  /** The file's whole size when the server said (Content-Range or Content-Length). */
  total: number | undefined;
  truncated: boolean;
}

/** The first `maxBytes` bytes of `url` (fewer when the file is shorter). */
export async function readStart(url: string, maxBytes: number, signal?: AbortSignal): Promise<FileStart> {
  const response = await fetch(url, { signal, headers: { range: `bytes=0-${maxBytes - 1}` } });
  if (response.status === 416) return { bytes: new Uint8Array(0), total: 0, truncated: false };
  if (!response.ok) throw await responseError(response);
  const range = /\/(\d+)\s*$/.exec(response.headers.get("content-range") ?? "");
  const length = Number(response.headers.get("content-length"));
  const total = range ? Number(range[1]) : response.status === 200 && Number.isFinite(length) ? length : undefined;
  // A server that ignores Range answers 200 with everything: read only up to the bound, then stop.
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  if (reader !== undefined) {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    if (size >= maxBytes) {
      cut = true;
      await reader.cancel().catch(() => {});
    }
  }
  const bytes = new Uint8Array(Math.min(size, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  const truncated = total !== undefined ? total > bytes.length : cut;
  return { bytes, total, truncated };
}

/** The start of a text file, decoded as UTF-8 (a character cut at the end is dropped). */
export async function readText(
  url: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<{ text: string; total: number | undefined; truncated: boolean }> {
  const start = await readStart(url, maxBytes, signal);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(start.bytes, { stream: start.truncated });
  return { text, total: start.total, truncated: start.truncated };
}

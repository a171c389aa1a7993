// What a media file is, from its first bytes (never its name): the MIME types the viewer sends with audio cells and
// the check that a file named like an image or audio file is one.
import type { MediaKind } from "./folder-discovery.js";

const SIGNATURES: ReadonlyArray<[string, MediaKind, (head: Buffer) => boolean]> = [
  ["image/png", "image", (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ["image/jpeg", "image", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    "image/gif",
    "image",
    (b) => b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a",
  ],
  [
    "image/webp",
    "image",
    (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  ],
  ["image/bmp", "image", (b) => b.subarray(0, 2).toString("latin1") === "BM"],
  ["image/tiff", "image", (b) => ["II*\0", "MM\0*"].includes(b.subarray(0, 4).toString("latin1"))],
  [
    "audio/wav",
    "audio",
    (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WAVE",
  ],
  ["audio/flac", "audio", (b) => b.subarray(0, 4).toString("latin1") === "fLaC"],
  ["audio/ogg", "audio", (b) => b.subarray(0, 4).toString("latin1") === "OggS"],
  // MP3: an ID3 tag, or an MPEG audio frame's sync word.
  [
    "audio/mpeg",
    "audio",
    (b) => b.subarray(0, 3).toString("latin1") === "ID3" || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  ],
];

/** Bytes to read from a file's start to know its type. */
export const HEAD_BYTES = 16;

/** The MIME type of `head` (a file's first bytes) when it is media of `kind`, else undefined. */
export function mediaTypeOf(head: Buffer, kind: MediaKind): string | undefined {
  return SIGNATURES.find(([, of, test]) => of === kind && test(head))?.[0];
}

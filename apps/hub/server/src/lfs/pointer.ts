// The git-lfs pointer file (hub-api.md §6): three lines, each ending in `\n`. Built when a commit adds an LFS file
// and parsed when the tree or resolve routes meet a small blob that may be one.

const VERSION_LINE = "version https://git-lfs.github.com/spec/v1\n";
/** Pointers are tiny; a blob larger than this is never one. */
export const MAX_POINTER_BYTES = 200;

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export function lfsPointer(oid: string, size: number): string {
  return `${VERSION_LINE}oid sha256:${oid}\nsize ${size}\n`;
}

/** The shortest pointer there is (size 0): a smaller blob is never read to check whether it is one. */
export const MIN_POINTER_BYTES = Buffer.byteLength(lfsPointer("0".repeat(64), 0));

export function parseLfsPointer(bytes: Buffer): { oid: string; size: number } | undefined {
  if (bytes.length > MAX_POINTER_BYTES) return undefined;
  const text = bytes.toString("utf8");
  if (!text.startsWith(VERSION_LINE)) return undefined;
  const match = /^oid sha256:([0-9a-f]{64})\nsize (\d{1,16})\n$/.exec(text.slice(VERSION_LINE.length));
  if (match === null) return undefined;
  return { oid: match[1] as string, size: Number(match[2]) };
}

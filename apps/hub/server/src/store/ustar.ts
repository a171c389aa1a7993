// The entries of a plain ustar archive, as PGlite's dumpDataDir writes them (directories and regular files, names
// under 100 bytes): enough to read and filter the cluster template (pglite-template.ts), nothing more. Anything
// else in an archive (links, long names, pax headers) is refused rather than half understood.

const BLOCK = 512;

export interface UstarEntry {
  /** The name as stored (PGlite's start with "/"). */
  readonly name: string;
  readonly type: "file" | "directory";
  /** Permission bits. */
  readonly mode: number;
  /** The file's bytes (a view into the archive; empty for a directory). */
  readonly data: Uint8Array;
  /** The whole entry as stored: header and padded data. */
  readonly raw: Uint8Array;
}

function field(header: Uint8Array, from: number, length: number): string {
  const bytes = header.subarray(from, from + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString("latin1");
}

function octal(header: Uint8Array, from: number, length: number, what: string): number {
  const text = field(header, from, length).trim();
  if (!/^[0-7]{1,12}$/.test(text)) throw new Error(`tar: unreadable ${what} ${JSON.stringify(text)}`);
  return Number.parseInt(text, 8);
}

/** Every entry, in order, up to the end-of-archive block; throws on anything it does not read exactly. */
export function* ustarEntries(tar: Uint8Array): Generator<UstarEntry> {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return; // the end-of-archive blocks
    const name = field(header, 0, 100);
    const size = octal(header, 124, 12, `size of ${name}`);
    const sum = octal(header, 148, 8, `checksum of ${name}`);
    // The checksum counts its own 8 bytes as spaces: a torn or misaligned header fails here, not later.
    let actual = 8 * 32;
    for (let i = 0; i < BLOCK; i += 1) if (i < 148 || i >= 156) actual += header[i] ?? 0;
    if (actual !== sum) throw new Error(`tar: bad header checksum at byte ${offset}`);
    const flag = String.fromCharCode(header[156] ?? 0);
    const type = flag === "5" ? "directory" : flag === "0" || flag === "\0" ? "file" : undefined;
    if (type === undefined) throw new Error(`tar: entry ${name} of type ${JSON.stringify(flag)} is not supported`);
    if (field(header, 345, 155) !== "") throw new Error(`tar: entry ${name} has a name prefix (not supported)`);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new Error(`tar: entry ${name} runs past the archive's end`);
    yield {
      name,
      type,
      mode: octal(header, 100, 8, `mode of ${name}`) & 0o777,
      data: tar.subarray(offset + BLOCK, offset + BLOCK + size),
      raw: tar.subarray(offset, end),
    };
    offset = end;
  }
  throw new Error("tar: the archive ends without its end-of-archive block");
}

/** The archive again with only the entries `keep` accepts. */
export function filterUstar(tar: Uint8Array, keep: (entry: UstarEntry) => boolean): Uint8Array {
  const kept: Uint8Array[] = [];
  for (const entry of ustarEntries(tar)) if (keep(entry)) kept.push(entry.raw);
  kept.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(kept);
}

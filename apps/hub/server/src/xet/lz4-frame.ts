// An LZ4 *frame* decoder (the format lz4_flex's FrameEncoder writes, xet.md §3.5 scheme 1), ours because the
// maintained JS ones mishandle block checksums or decode the block format only. Bounded: it writes into a buffer of
// the size the xorb chunk header declares and refuses any frame that would write past it, end short of it, or
// reach before the start of the output — hostile input costs at most that buffer and one pass over the input.
// Checksums (block and content, xxHash32) are skipped, not verified: the chunk hash over the output is the check.

export class Lz4Error extends Error {}

const MAGIC = 0x184d2204;

function fail(message: string): never {
  throw new Lz4Error(`LZ4 frame: ${message}`);
}

/** Decodes one frame that must inflate to exactly `expectedSize` bytes. */
export function decodeLz4Frame(input: Uint8Array, expectedSize: number): Uint8Array {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  if (input.length < 7 || view.getUint32(0, true) !== MAGIC) fail("bad magic number");
  const flags = input[4] as number;
  if (flags >> 6 !== 1) fail("unsupported version");
  if ((flags & 0x01) !== 0) fail("dictionaries are not supported");
  const blockChecksums = (flags & 0x10) !== 0;
  const contentSize = (flags & 0x08) !== 0;
  const contentChecksum = (flags & 0x04) !== 0;
  let pos = 6 + (contentSize ? 8 : 0) + 1; // FLG, BD, [size], HC
  if (pos > input.length) fail("truncated header");
  if (contentSize) {
    const declared = view.getUint32(6, true) + view.getUint32(10, true) * 2 ** 32;
    if (declared !== expectedSize) fail("content size differs from the chunk header");
  }
  const out = new Uint8Array(expectedSize);
  let written = 0;
  for (;;) {
    if (pos + 4 > input.length) fail("truncated block header");
    const word = view.getUint32(pos, true);
    pos += 4;
    if (word === 0) break;
    const size = word & 0x7fffffff;
    if (pos + size > input.length) fail("block runs past the input");
    if ((word & 0x80000000) !== 0) {
      if (written + size > expectedSize) fail("output past the declared size");
      out.set(input.subarray(pos, pos + size), written);
      written += size;
    } else written = decodeBlock(input, pos, pos + size, out, written);
    pos += size + (blockChecksums ? 4 : 0);
  }
  if (contentChecksum) pos += 4;
  if (pos !== input.length) fail("bytes after the end of the frame");
  if (written !== expectedSize) fail(`inflated to ${written} bytes, the chunk header says ${expectedSize}`);
  return out;
}

/** One LZ4 block from input[start, end) appended at out[written]; returns the new output length. */
function decodeBlock(input: Uint8Array, start: number, end: number, out: Uint8Array, written: number): number {
  let pos = start;
  let o = written;
  const limit = out.length;
  while (pos < end) {
    const token = input[pos++] as number;
    let literals = token >> 4;
    if (literals === 15) {
      let byte = 255;
      while (byte === 255) {
        if (pos >= end) fail("truncated literal length");
        byte = input[pos++] as number;
        literals += byte;
      }
    }
    if (pos + literals > end) fail("literals run past the block");
    if (o + literals > limit) fail("output past the declared size");
    out.set(input.subarray(pos, pos + literals), o);
    pos += literals;
    o += literals;
    if (pos === end) break; // the last sequence has literals only
    if (pos + 2 > end) fail("truncated match offset");
    const offset = (input[pos] as number) | ((input[pos + 1] as number) << 8);
    pos += 2;
    if (offset === 0 || offset > o) fail("match offset before the start of the output");
    let length = (token & 15) + 4;
    if ((token & 15) === 15) {
      let byte = 255;
      while (byte === 255) {
        if (pos >= end) fail("truncated match length");
        byte = input[pos++] as number;
        length += byte;
      }
    }
    if (o + length > limit) fail("output past the declared size");
    if (offset >= length) out.copyWithin(o, o - offset, o - offset + length);
    else for (let i = 0; i < length; i++) out[o + i] = out[o + i - offset] as number;
    o += length;
  }
  return o;
}

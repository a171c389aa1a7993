// Byte grouping BG4 (xet.md §3.5 scheme 2): the chunk was split into 4 byte planes (plane k holds bytes 4i+k; the
// first len%4 planes hold one byte more), concatenated, then LZ4-framed. This interleaves the planes back.
export function ungroupBg4(grouped: Uint8Array): Uint8Array {
  const n = grouped.length;
  const out = new Uint8Array(n);
  const base = Math.floor(n / 4);
  const extra = n % 4;
  let offset = 0;
  for (let k = 0; k < 4; k++) {
    const planeLength = base + (k < extra ? 1 : 0);
    for (let i = 0; i < planeLength; i++) out[4 * i + k] = grouped[offset + i] as number;
    offset += planeLength;
  }
  return out;
}

/** The inverse (tests and writers). */
export function groupBg4(data: Uint8Array): Uint8Array {
  const n = data.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (let k = 0; k < 4; k++) for (let i = k; i < n; i += 4) out[o++] = data[i] as number;
  return out;
}

// The Xet format layer against fixed vectors (xet.md §3): the §3.8 hashes, the hex byte order, the chunker against
// xet-core's own 1 MB reference boundaries and @huggingface/xetchunk-wasm, the LZ4 frame decoder against frames the
// `lz4` tool wrote (plain, block checksums, content size, linked 64 KiB blocks) and against hostile frames, BG4,
// and shards written and parsed back. The real clients' bytes are exercised end to end in xet-clients.test.ts.
import { randomBytes } from "node:crypto";
import { getChunks } from "@huggingface/xetchunk-wasm";
import { describe, expect, it } from "vitest";
import { groupBg4, ungroupBg4 } from "../src/xet/bg4.js";
import { chunkRanges } from "../src/xet/chunker.js";
import { hashToHex, hexToHash, xetHashing } from "../src/xet/hash.js";
import { HashPool } from "../src/xet/hash-pool.js";
import { decodeLz4Frame, Lz4Error } from "../src/xet/lz4-frame.js";
import { parseShard, ShardFormatError, writeShard } from "../src/xet/shard.js";
import { serializeRawXorb, XorbFormatError, XorbReader } from "../src/xet/xorb.js";

// Frames written by `lz4 [options] lz.in` for the input of lz4Input() (lz4 1.9, Debian 12).
const LZ4_FRAMES: [string, string][] = [
  [
    "",
    "BCJNGGRQCHUDAAD/HlRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cuIC0A/////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////yn/8QABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj9AQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpbXF1eX2BhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp+goaKjpKWmp6ipqqusra6vsLGys7S1tre4ubq7vL2+v8DBwsPExcbHyMnKy8zNzs/Q0dLT1NXW19jZ2tvc3d7f4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v8AAf///////////////////////////////////////////////////w9Q+/z9/v8AAAAAdXDxLA==",
  ],
  [
    "-BX",
    "BCJNGHRQ/3UDAAD/HlRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cuIC0A/////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////yn/8QABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj9AQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpbXF1eX2BhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp+goaKjpKWmp6ipqqusra6vsLGys7S1tre4ubq7vL2+v8DBwsPExcbHyMnKy8zNzs/Q0dLT1NXW19jZ2tvc3d7f4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v8AAf///////////////////////////////////////////////////w9Q+/z9/v+uM5BuAAAAAHVw8Sw=",
  ],
  [
    "--content-size",
    "BCJNGGxQWDcCAAAAAACcdQMAAP8eVGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZy4gLQD/////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////Kf/xAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6e3x9fn+AgYKDhIWGh4iJiouMjY6PkJGSk5SVlpeYmZqbnJ2en6ChoqOkpaanqKmqq6ytrq+wsbKztLW2t7i5uru8vb6/wMHCw8TFxsfIycrLzM3Oz9DR0tPU1dbX2Nna29zd3t/g4eLj5OXm5+jp6uvs7e7v8PHy8/T19vf4+fr7/P3+/wAB////////////////////////////////////////////////////D1D7/P3+/wAAAAB1cPEs",
  ],
  [
    "-BD -B4",
    "BCJNGERAXjgBAAD/HlRoZSBxdWljayBicm93biBmb3gganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cuIC0A/////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////7tQcm93biAKAQAAD/D//////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////////+hQdmVyIHRzAQAA/x5oZSBsYXp5IGRvZy4gVGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHQtAP///////////////////yf/8QABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj9AQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpbXF1eX2BhYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ent8fX5/gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp+goaKjpKWmp6ipqqusra6vsLGys7S1tre4ubq7vL2+v8DBwsPExcbHyMnKy8zNzs/Q0dLT1NXW19jZ2tvc3d7f4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v8AAf///////////////////////////////////////////////////w9Q+/z9/v8AAAAAdXDxLA==",
  ],
];

function lz4Input(): Buffer {
  const parts = [Buffer.from("The quick brown fox jumps over the lazy dog. ".repeat(3000))];
  for (let i = 0; i < 40; i++) parts.push(Buffer.from(Array.from({ length: 256 }, (_, b) => b)));
  return Buffer.concat(parts);
}

function splitmix(n: number): Uint8Array {
  const mask = (1n << 64n) - 1n;
  let state = 0n;
  const out = new Uint8Array(n + 8);
  let at = 0;
  while (at < n) {
    state = (state + 0x9e3779b97f4a7c15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
    z ^= z >> 31n;
    for (let i = 0; i < 8; i++) out[at++] = Number((z >> BigInt(8 * i)) & 255n);
  }
  return out.subarray(0, n);
}

describe("hashes (§3.1–3.3, §3.8 vectors)", () => {
  it('"Hello, Xet!": chunk = xorb hash, file hash, verification hash; the empty file is 64 zeros', async () => {
    const h = await xetHashing();
    const data = new TextEncoder().encode("Hello, Xet!");
    const chunk = h.chunk(data);
    expect(hashToHex(chunk)).toBe("6053f541632297dea56b8161d3cb7635f5393c3a57840255b4701005e4483e33");
    expect(hashToHex(h.merkle([{ hash: chunk, size: data.length }]))).toBe(hashToHex(chunk));
    expect(hashToHex(h.file([{ hash: chunk, size: data.length }]))).toBe(
      "15f6cdad768d5f0de4eec005283c50ba01ccf20417cf89fd7085658180b45f25",
    );
    expect(hashToHex(h.verification([chunk]))).toBe("4784a626cb233494946e255c7235acb496a89072d065bf06793298f221260f12");
    expect(hashToHex(h.file([]))).toBe("0".repeat(64));
  });

  it("hex is four little-endian u64 words, and round-trips", () => {
    const raw = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(hashToHex(raw).slice(0, 32)).toBe("07060504030201000f0e0d0c0b0a0908");
    expect(hexToHash(hashToHex(raw))).toEqual(raw);
    expect(hexToHash("XYZ")).toBeUndefined();
  });
});

describe("chunker (§3.4)", () => {
  it("matches xet-core's reference boundaries for 1 MB of splitmix64 data", () => {
    expect(chunkRanges(splitmix(1_000_000)).map(([, end]) => end)).toEqual([
      84493, 134421, 144853, 243318, 271793, 336457, 467529, 494581, 582000, 596735, 616815, 653164, 678202, 724510,
      815591, 827760, 958832, 991092, 1000000,
    ]);
  });

  it("matches @huggingface/xetchunk-wasm on random data, and cuts constant data at the maximum", async () => {
    const h = await xetHashing();
    const data = new Uint8Array(3_000_000);
    for (let i = 0; i < data.length; i++) data[i] = (Math.imul(i, 2654435761) >>> 13) & 255;
    crypto.getRandomValues(data.subarray(0, 65536));
    const theirs = getChunks(data) as { length: number; hash: Uint8Array }[];
    const ours = chunkRanges(data);
    expect(ours.map(([start, end]) => end - start)).toEqual(theirs.map((chunk) => chunk.length));
    expect(ours.map(([start, end]) => hashToHex(h.chunk(data.subarray(start, end))))).toEqual(
      theirs.map((chunk) => hashToHex(chunk.hash)),
    );
    expect(chunkRanges(new Uint8Array(300_000).fill(59)).map(([, end]) => end)).toEqual([131072, 262144, 300000]);
  });
});

describe("LZ4 frames (§3.5 schemes 1 and 2)", () => {
  const input = lz4Input();
  for (const [options, base64] of LZ4_FRAMES)
    it(`decodes a frame written by lz4 ${options || "(defaults)"}`, () => {
      expect(Buffer.from(decodeLz4Frame(Buffer.from(base64, "base64"), input.length)).equals(input)).toBe(true);
    });

  it("refuses frames that lie: a wrong declared size, truncation, an offset before the output, trailing bytes", () => {
    const frame = Buffer.from((LZ4_FRAMES[0] as [string, string])[1], "base64");
    expect(() => decodeLz4Frame(frame, input.length - 1)).toThrow(Lz4Error);
    expect(() => decodeLz4Frame(frame, input.length + 1)).toThrow(Lz4Error);
    expect(() => decodeLz4Frame(frame.subarray(0, frame.length - 10), input.length)).toThrow(Lz4Error);
    expect(() => decodeLz4Frame(Buffer.concat([frame, Buffer.from([1])]), input.length)).toThrow(Lz4Error);
    // One sequence: a literal, then a match 5 bytes back when only 1 byte was written.
    const block = Buffer.from([0x10, 0x41, 0x05, 0x00]);
    const bad = Buffer.concat([
      Buffer.from([0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x82]),
      Buffer.from(Uint32Array.of(block.length).buffer),
      block,
      Buffer.alloc(4),
    ]);
    expect(() => decodeLz4Frame(bad, 5)).toThrow(/before the start/);
    expect(() => decodeLz4Frame(Buffer.from("not a frame"), 5)).toThrow(Lz4Error);
  });

  it("BG4 regroups byte planes for every length mod 4", () => {
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 1001]) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 7) & 255);
      expect(ungroupBg4(groupBg4(data))).toEqual(data);
    }
    expect(groupBg4(Uint8Array.from([0, 1, 2, 3, 4, 5]))).toEqual(Uint8Array.from([0, 4, 1, 5, 2, 3]));
  });
});

describe("xorbs and shards (§3.5, §3.6)", () => {
  it("reads records split anywhere across pushes; drops a footer; refuses truncation", async () => {
    const h = await xetHashing();
    const chunk = Buffer.from("Hello, Xet!");
    const record = Buffer.concat([Buffer.from([0, chunk.length, 0, 0, 0, chunk.length, 0, 0]), chunk]);
    const body = Buffer.concat([record, record, Buffer.from("XETBLOB"), Buffer.alloc(100)]);
    const expected = Buffer.from(h.chunk(chunk));
    // Every split point, also into three pieces (a header or a record spread over several pushes, empty pushes).
    for (let split = 1; split < body.length; split++)
      for (const second of [split, Math.min(body.length, split + 3), Math.min(body.length, split + 20)]) {
        const reader = new XorbReader(h);
        reader.push(body.subarray(0, split));
        reader.push(body.subarray(split, second));
        reader.push(body.subarray(second));
        // The stored object is cut to the chunk area: the footer is dropped.
        expect(reader.chunkAreaLength).toBe(38);
        const { chunks } = await reader.finish();
        expect(chunks.map((c) => c.byteEnd)).toEqual([19, 38]);
        expect(chunks.every((c) => Buffer.from(c.hash).equals(expected))).toBe(true);
      }
    const reader = new XorbReader(h);
    reader.push(record.subarray(0, 10));
    await expect(reader.finish()).rejects.toThrow(XorbFormatError);
  });

  it("hashing threads: batches hashed off the main thread give the same chunks; a bad record fails the xorb", async () => {
    const h = await xetHashing();
    // Batches of 300 000 bytes: a few records each, records cut by pieces of 65 536 bytes.
    const pool = new HashPool(2, 300_000);
    try {
      const body = serializeRawXorb(Array.from({ length: 40 }, (_, i) => randomBytes(20_000 + i * 1000)));
      const read = async (reader: XorbReader, bytes: Buffer) => {
        for (let at = 0; at < bytes.length; at += 65_536) {
          reader.push(bytes.subarray(at, at + 65_536));
          await reader.drain();
        }
        return reader.finish();
      };
      const here = await read(new XorbReader(h), body);
      const there = await read(new XorbReader(h, pool.hash, pool.allocate), body);
      expect(there.hash).toBe(here.hash);
      expect(there.chunks).toEqual(here.chunks);
      // An LZ4 record that does not decode, after many good batches: the xorb is refused.
      const bad = Buffer.concat([body, Buffer.from([0, 10, 0, 0, 1, 10, 0, 0]), Buffer.alloc(10, 1)]);
      await expect(read(new XorbReader(h, pool.hash, pool.allocate), bad)).rejects.toThrow(XorbFormatError);
    } finally {
      await pool.close();
    }
  });

  it("writes and parses back the upload forms (no footer, footer) and rejects lying counts", () => {
    const shard = {
      files: [
        {
          fileHash: "11".repeat(32),
          sha256: "22".repeat(32),
          segments: [
            { xorb: "33".repeat(32), unpackedBytes: 10, chunkStart: 0, chunkEnd: 1, verification: new Uint8Array(32) },
          ],
        },
      ],
      xorbs: [
        {
          hash: "33".repeat(32),
          bytesOnDisk: 18,
          chunks: [{ hash: new Uint8Array(32).fill(9), start: 0, size: 10, flags: 0 }],
        },
      ],
    };
    for (const footer of [false, true]) {
      const parsed = parseShard(writeShard(shard, { footer }));
      expect(parsed.files[0]?.sha256).toBe("22".repeat(32));
      expect(parsed.files[0]?.segments[0]).toMatchObject({ xorb: "33".repeat(32), unpackedBytes: 10, chunkEnd: 1 });
      expect(parsed.xorbs[0]?.chunks[0]?.size).toBe(10);
    }
    const lying = writeShard(shard, { footer: false });
    lying.writeUInt32LE(1_000_000, 48 + 36);
    expect(() => parseShard(lying)).toThrow(ShardFormatError);
    expect(() => parseShard(Buffer.concat([writeShard(shard, { footer: false }), Buffer.alloc(3)]))).toThrow(
      ShardFormatError,
    );
  });
});

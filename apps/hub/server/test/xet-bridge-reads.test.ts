// The whole-file bridge's reads (xet/bridge-reads.ts), below the server: page-cache bytes are read blocking on the
// main thread; a store without blocking reads, or a blocking read that is slow (bytes not cached), goes through the
// thread pool with reads ahead; either way each segment's bytes are exact, in order, and a slot is never read into
// again before the socket released it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilledSlot, ReadAhead, segmentsOf } from "../src/xet/bridge-reads.js";
import { FolderXetObjectStore, type ObjectReader, type XetObjectStore } from "../src/xet/object-store.js";
import type { PlannedTerm } from "../src/xet/reconstruction.js";
import type { StoredChunk } from "../src/xet/xet-index.js";

const RECORD = 64 * 1024 + 8;
const RECORDS = 40;
const SLOT_BYTES = 4 * RECORD; // 4 records a segment: 10 segments
const KEY = "ab".repeat(32);

let dir: string;
let store: FolderXetObjectStore;
const bytes = randomBytes(RECORD * RECORDS);

function term(): PlannedTerm {
  const chunks: StoredChunk[] = Array.from({ length: RECORDS }, (_, i) => ({
    hash: new Uint8Array(32),
    size: RECORD - 8,
    byteStart: i * RECORD,
    byteEnd: (i + 1) * RECORD,
    unpackedStart: i * (RECORD - 8),
  }));
  return {
    xorb: KEY,
    chunkStart: 0,
    chunkEnd: RECORDS,
    unpackedBytes: RECORDS * (RECORD - 8),
    byteStart: 0,
    byteEnd: bytes.length - 1,
    chunks,
  };
}

/** The store, counting its readers' blocking and pool reads; `sync` decides what blocking reads do. */
function counted(sync: "native" | "missing" | "slow") {
  const counts = { blocking: 0, pool: 0 };
  const objects: XetObjectStore = Object.create(store, {
    openReader: {
      value: async (key: string): Promise<ObjectReader> => {
        const opened = await store.openReader(key);
        const reader: ObjectReader = {
          readInto: (start, into, length) => {
            counts.pool++;
            return opened.readInto(start, into, length);
          },
          close: () => opened.close(),
        };
        if (sync === "missing") return reader;
        reader.readIntoSync = (start, into, length) => {
          counts.blocking++;
          if (sync === "slow") {
            const until = performance.now() + 20; // a read from disk, not from the page cache
            while (performance.now() < until);
          }
          return opened.readIntoSync?.(start, into, length) as Buffer;
        };
        return reader;
      },
    },
  });
  return { objects, counts };
}

/** Every segment's bytes through ReadAhead, each slot released at once. */
async function readAll(objects: XetObjectStore, slowReadMs?: number): Promise<Buffer> {
  const reads = new ReadAhead(
    objects,
    segmentsOf([term()], SLOT_BYTES),
    3,
    SLOT_BYTES,
    new Promise(() => {}),
    slowReadMs,
  );
  const parts: Buffer[] = [];
  try {
    for (let read = await reads.next(); read !== undefined; read = await reads.next()) {
      parts.push(Buffer.from(read.bytes));
      reads.release(read.slot, Promise.resolve());
    }
  } finally {
    await reads.close();
  }
  return Buffer.concat(parts);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hubkit-bridge-reads-"));
  store = await new FolderXetObjectStore(dir).open();
  const pending = await store.begin();
  await pending.write([bytes]);
  await pending.commit(KEY, bytes.length);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the bridge's reads", () => {
  it("reads page-cache bytes blocking, exact and in order", async () => {
    const { objects, counts } = counted("native");
    // No switch on a slow read here: on a loaded machine a cached read can be preempted past the threshold.
    expect((await readAll(objects, Number.POSITIVE_INFINITY)).equals(bytes)).toBe(true);
    expect(counts).toEqual({ blocking: 10, pool: 0 });
  });

  it("reads through the pool when the store has no blocking read", async () => {
    const { objects, counts } = counted("missing");
    expect((await readAll(objects)).equals(bytes)).toBe(true);
    expect(counts).toEqual({ blocking: 0, pool: 10 });
  });

  it("switches to the pool after a slow blocking read", async () => {
    const { objects, counts } = counted("slow");
    expect((await readAll(objects)).equals(bytes)).toBe(true);
    expect(counts).toEqual({ blocking: 1, pool: 9 });
  });

  for (const sync of ["native", "missing"] as const)
    it(`never reads into a slot the socket has not released (${sync})`, async () => {
      const { objects } = counted(sync);
      const reads = new ReadAhead(
        objects,
        segmentsOf([term()], SLOT_BYTES),
        2,
        SLOT_BYTES,
        new Promise(() => {}),
        Number.POSITIVE_INFINITY,
      );
      try {
        const first = (await reads.next()) as FilledSlot;
        const copy = Buffer.from(first.bytes);
        let written = () => {};
        reads.release(
          first.slot,
          new Promise<void>((done) => {
            written = done;
          }),
        );
        const second = (await reads.next()) as FilledSlot;
        reads.release(second.slot, Promise.resolve());
        let third: FilledSlot | undefined;
        const waiting = reads.next().then((read) => {
          third = read;
        });
        for (let turn = 0; turn < 20; turn++) await new Promise((done) => setImmediate(done));
        expect(third).toBeUndefined();
        expect(first.bytes.equals(copy)).toBe(true); // the slot still holds what the socket is sending
        written();
        await waiting;
        expect(third?.slot).toBe(first.slot);
        expect(third?.bytes.equals(bytes.subarray(2 * SLOT_BYTES, 3 * SLOT_BYTES))).toBe(true);
      } finally {
        await reads.close();
      }
    });
});

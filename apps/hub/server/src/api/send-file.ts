// Sends a byte range of a file on disk into a Node response through a few buffers that are reused, instead of
// piping fs.createReadStream (a new 1 MiB buffer per chunk). Why: inside the server process (not in a bare Node
// script) those short-lived buffers kept V8 in back-to-back incremental mark-compacts while a large file was
// sent (one every ~60 ms on a 1 GiB download, ~30 % of the main thread), halving the throughput against nginx
// (apps/hub/bench/transfer.ts). A buffer is refilled only after the socket has taken its bytes (the write
// callback), so what is sent is never overwritten, and memory stays at SLOTS × SLOT_BYTES per download.

import { open } from "node:fs/promises";
import type { ServerResponse } from "node:http";

const SLOTS = 4;
const SLOT_BYTES = 1024 * 1024;

export interface FileRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * Writes bytes `range.start`…`range.end` of `path` to `outgoing` (whose head is already written) and ends it;
 * a client that goes away, or a file shorter than the range, destroys the response. Never rejects.
 */
export async function sendFileRange(outgoing: ServerResponse, path: string, range: FileRange): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  // Settles when the client disconnects, so no wait below outlives the response.
  let gone = outgoing.destroyed;
  const closed = new Promise<void>((done) =>
    outgoing.once("close", () => {
      gone = true;
      done();
    }),
  );
  try {
    handle = await open(path, "r");
    const buffers = Array.from({ length: SLOTS }, () => Buffer.allocUnsafeSlow(SLOT_BYTES));
    const written: Promise<void>[] = buffers.map(() => Promise.resolve());
    let position = range.start;
    for (let turn = 0; position <= range.end; turn += 1) {
      const slot = turn % SLOTS;
      await Promise.race([written[slot], closed]);
      if (gone) return;
      const buffer = buffers[slot] as Buffer;
      const { bytesRead } = await handle.read(buffer, 0, Math.min(SLOT_BYTES, range.end - position + 1), position);
      if (bytesRead === 0) throw new Error(`${path} ended at byte ${position}, before ${range.end + 1}`);
      position += bytesRead;
      written[slot] = new Promise((done, fail) =>
        outgoing.write(buffer.subarray(0, bytesRead), (error) => (error ? fail(error) : done())),
      );
      // A failed write shows up at the slot's next turn (or in the final wait); keep it from going unhandled.
      written[slot]?.catch(() => {});
    }
    await Promise.race([Promise.all(written), closed]);
    if (!gone) outgoing.end();
  } catch {
    // The head is out: the only way left to tell the client is to cut the connection short of Content-Length.
    outgoing.destroy();
  } finally {
    await handle?.close().catch(() => {});
  }
}

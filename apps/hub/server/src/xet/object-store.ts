// Where xorb bytes live: a small object-store interface (put from a stream, ranged read, exists, delete) so that an
// S3-compatible store can replace the folder later, and the folder implementation: `<root>/xorbs/ab/<hash>`,
// written through `<root>/tmp/<random>` (fsynced, then renamed into place, then the folder fsynced), so an object
// appears whole or not at all and a crash leaves only tmp files, removed at the next start. Tmp files are named by
// the server writing them (`<instance>~<random>`): with several servers on one folder a start removes only those
// of servers that are gone (instances/ownership.ts).
import { randomBytes } from "node:crypto";
import { createReadStream, readSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { newInstanceId, ownedName } from "../instances/instance-id.js";
import { type LeftoverOwnership, removeAbandonedIn, soleOwnership } from "../instances/ownership.js";
import { XET_HASH_HEX } from "./hash.js";

export interface PendingObject {
  /** Appends the pieces, in order (one system call for many). */
  write(pieces: readonly Uint8Array[]): Promise<void>;
  /**
   * Makes the first `length` written bytes the object `key` (the rest, e.g. a xorb footer, is dropped); false when
   * it was already there (the new bytes are dropped).
   */
  commit(key: string, length: number): Promise<boolean>;
  abort(): Promise<void>;
}

export interface ObjectReader {
  /** Bytes [start, start + length) into the start of `into`; a short read is an error. */
  readInto(start: number, into: Buffer, length: number): Promise<Buffer>;
  /**
   * The same, blocking the calling thread: a store on local disk offers it for bytes likely in the page cache
   * (xet/bridge-reads.ts says when that pays); an object store over the network would not.
   */
  readIntoSync?(start: number, into: Buffer, length: number): Buffer;
  close(): Promise<void>;
}

/** Bytes [start, end] (inclusive) of an object that a reader will be asked for, in order. */
export interface ReadSpan {
  start: number;
  end: number;
}

export interface XetObjectStore {
  begin(): Promise<PendingObject>;
  exists(key: string): Promise<boolean>;
  /** Bytes [start, end] (inclusive) of the object, streamed. */
  read(key: string, start: number, end: number): Readable;
  readBytes(key: string, start: number, length: number): Promise<Buffer>;
  /** Like readBytes, into the start of `into` (reused by the caller: no allocation per read). */
  readInto(key: string, start: number, into: Buffer, length: number): Promise<Buffer>;
  /**
   * The object opened once for many readInto calls (the bridge reads a xorb slice by slice); close it after.
   * `span`, a hint: the bytes the caller means to read in order (a store over the network fetches them in one
   * request); reads outside it still work.
   */
  openReader(key: string, span?: ReadSpan): Promise<ObjectReader>;
  delete(key: string): Promise<void>;
  /** Uploads begun and neither committed nor aborted (the folder: files left in tmp); tests check it is 0. */
  pending(): Promise<number>;
  /**
   * A store shared by servers that need not share a data folder (a bucket) keeps the Xet instance id itself: the
   * one it holds, or `candidate` stored now (atomically: concurrent starts agree). Absent: the data folder keeps it.
   */
  sharedInstance?(candidate: string): Promise<string>;
}

/** The pieces left after the first `written` bytes (a short writev). */
function remainderAfter(pieces: readonly Uint8Array[], written: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  let skip = written;
  for (const piece of pieces) {
    if (skip >= piece.byteLength) skip -= piece.byteLength;
    else {
      rest.push(skip > 0 ? piece.subarray(skip) : piece);
      skip = 0;
    }
  }
  return rest;
}

export class FolderXetObjectStore implements XetObjectStore {
  private readonly objects: string;
  private readonly tmp: string;
  /** The owner in this server's tmp names (set by open()). */
  private instance = newInstanceId();

  constructor(readonly root: string) {
    this.objects = join(root, "xorbs");
    this.tmp = join(root, "tmp");
  }

  /** Creates the folders and removes abandoned tmp files: all by default (one server), else what `ownership` says. */
  async open(ownership: LeftoverOwnership = soleOwnership(this.instance)): Promise<this> {
    this.instance = ownership.instance;
    await mkdir(this.objects, { recursive: true });
    await mkdir(this.tmp, { recursive: true });
    await this.removeAbandoned(ownership);
    return this;
  }

  /** Removes the tmp files `ownership` says are abandoned (at start, and now and then with several servers). */
  async removeAbandoned(ownership: LeftoverOwnership): Promise<number> {
    return removeAbandonedIn(this.tmp, ownership);
  }

  path(key: string): string {
    if (!XET_HASH_HEX.test(key)) throw new Error(`invalid xorb key ${key.slice(0, 80)}`);
    return join(this.objects, key.slice(0, 2), key);
  }

  async begin(): Promise<PendingObject> {
    const tmp = join(this.tmp, ownedName(this.instance, randomBytes(12).toString("hex")));
    const file = await open(tmp, "wx");
    let closed = false;
    let written = 0;
    const close = async () => {
      if (!closed) {
        closed = true;
        await file.close();
      }
    };
    return {
      write: async (pieces) => {
        let left = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
        written += left;
        let rest = pieces;
        while (left > 0) {
          const { bytesWritten } = await file.writev(rest as Uint8Array[]);
          left -= bytesWritten;
          if (left > 0) rest = remainderAfter(rest, bytesWritten);
        }
      },
      commit: async (key, length) => {
        const target = this.path(key);
        try {
          if (await this.exists(key)) return false;
          if (written !== length) await file.truncate(length);
          // fdatasync: the bytes and the size (what reading the object back needs), not the timestamps.
          await file.datasync();
          await close();
          await mkdir(dirname(target), { recursive: true });
          await rename(tmp, target);
          // The rename itself must survive a crash before the upload is acknowledged.
          const folder = await open(dirname(target), "r");
          await folder.sync().finally(() => folder.close());
          return true;
        } finally {
          await close().catch(() => {});
          await rm(tmp, { force: true });
        }
      },
      abort: async () => {
        await close().catch(() => {});
        await rm(tmp, { force: true });
      },
    };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  read(key: string, start: number, end: number): Readable {
    return createReadStream(this.path(key), { start, end, highWaterMark: 1024 * 1024 });
  }

  async readBytes(key: string, start: number, length: number): Promise<Buffer> {
    // Not zero-filled: every byte is overwritten, and a short read is an error.
    return this.readInto(key, start, Buffer.allocUnsafe(length), length);
  }

  async readInto(key: string, start: number, into: Buffer, length: number): Promise<Buffer> {
    const reader = await this.openReader(key);
    try {
      return await reader.readInto(start, into, length);
    } finally {
      await reader.close();
    }
  }

  async openReader(key: string): Promise<ObjectReader> {
    const file = await open(this.path(key), "r");
    const checked = (into: Buffer, length: number) => {
      if (length > into.length) throw new Error("readInto: the buffer is too small");
    };
    const whole = (start: number, into: Buffer, length: number, bytesRead: number) => {
      if (bytesRead !== length) throw new Error(`xorb ${key}: short read at ${start}`);
      return into.subarray(0, length);
    };
    return {
      readInto: async (start, into, length) => {
        checked(into, length);
        const { bytesRead } = await file.read(into, 0, length, start);
        return whole(start, into, length, bytesRead);
      },
      readIntoSync: (start, into, length) => {
        checked(into, length);
        return whole(start, into, length, readSync(file.fd, into, 0, length, start));
      },
      close: () => file.close(),
    };
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** Files left in tmp (tests: a crash must leave nothing else). */
  async pending(): Promise<number> {
    return (await readdir(this.tmp).catch(() => [])).length;
  }
}

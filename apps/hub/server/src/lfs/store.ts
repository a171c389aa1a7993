// The content-addressed large-file store, behind one small interface so that an object store (or a chunked,
// content-defined store such as Xet) can replace the folder implementation later. Objects are keyed by sha256.
import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import type { MultipartArea } from "./multipart-area.js";

export interface LfsObjectInfo {
  oid: string;
  size: number;
}

export interface LargeFileStore {
  /** The object's size when it is stored whole; undefined when absent. */
  stat(oid: string): Promise<LfsObjectInfo | undefined>;
  /**
   * Streams `body` into the store. The bytes must hash to `oid` and count `size`, else it throws an ApiError 400
   * and nothing is stored. Atomic: the object appears whole (rename into place) or not at all.
   */
  put(oid: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<void>;
  /** The object, or a byte range of it (`end` inclusive), as a stream from disk. */
  read(oid: string, range?: { start: number; end: number }): Readable;
  /** Up to `length` bytes from `start` (for header readers: safetensors, GGUF). */
  readBytes(oid: string, start: number, length: number): Promise<Buffer>;
  /** Parts of unfinished multipart transfers; absent = the batch API offers only the basic single PUT. */
  readonly multipart?: MultipartArea;
  /**
   * Removes an object's bytes unless `stillLinked` (a permanent deletion, api/lfs-files.ts); returns whether they
   * went. Absent = the store keeps every object.
   */
  removeUnlinked?(oid: string, stillLinked: () => Promise<boolean>): Promise<boolean>;
  /**
   * Writes the object's bytes `range` (inclusive) straight into a Node response whose head is already out, and ends
   * it; anything wrong destroys it (never rejects). For stores whose bytes are not a file to send with reused
   * buffers (the S3 store: its GetObject answer into the socket). Absent = downloads pipe read() into the response.
   */
  send?(outgoing: ServerResponse, oid: string, range: { start: number; end: number }): Promise<void>;
}

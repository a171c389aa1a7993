// The Xet tables of schema.ts, read and written with constant SQL and positional parameters (PGlite and PostgreSQL
// alike). Chunk lists and terms are packed binary (base64 text) so a 64 MiB xorb is one row, not 8 192.
import type { RepoRef } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { notifyBusOf } from "../store/notify.js";
import { hashToHex, type RawHash } from "./hash.js";

export interface StoredChunk {
  hash: RawHash;
  size: number;
  byteStart: number;
  byteEnd: number;
  /** Offset of the chunk in the xorb's unpacked bytes. */
  unpackedStart: number;
}

export interface StoredXorb {
  hash: string;
  chunks: StoredChunk[];
}

export interface Term {
  xorb: string;
  chunkStart: number;
  chunkEnd: number;
  unpackedBytes: number;
}

export interface StoredFile {
  fileHash: string;
  size: number;
  sha256: string | null;
  terms: Term[];
}

const keyOf = (ref: RepoRef) => ref.id.toLowerCase();

export function packChunks(chunks: readonly { hash: RawHash; size: number; byteEnd: number }[]): string {
  const out = Buffer.alloc(chunks.length * 40);
  chunks.forEach((chunk, i) => {
    Buffer.from(chunk.hash).copy(out, i * 40);
    out.writeUInt32LE(chunk.size, i * 40 + 32);
    out.writeUInt32LE(chunk.byteEnd, i * 40 + 36);
  });
  return out.toString("base64");
}

function unpackChunks(packed: string): StoredChunk[] {
  const bytes = Buffer.from(packed, "base64");
  const chunks: StoredChunk[] = [];
  let byteStart = 0;
  let unpackedStart = 0;
  for (let at = 0; at + 40 <= bytes.length; at += 40) {
    const size = bytes.readUInt32LE(at + 32);
    const byteEnd = bytes.readUInt32LE(at + 36);
    chunks.push({ hash: Uint8Array.from(bytes.subarray(at, at + 32)), size, byteStart, byteEnd, unpackedStart });
    byteStart = byteEnd;
    unpackedStart += size;
  }
  return chunks;
}

function packTerms(terms: readonly Term[]): string {
  const out = Buffer.alloc(terms.length * 44);
  terms.forEach((term, i) => {
    out.write(term.xorb, i * 44, 32, "hex");
    out.writeUInt32LE(term.chunkStart, i * 44 + 32);
    out.writeUInt32LE(term.chunkEnd, i * 44 + 36);
    out.writeUInt32LE(term.unpackedBytes, i * 44 + 40);
  });
  return out.toString("base64");
}

function unpackTerms(packed: string): Term[] {
  const bytes = Buffer.from(packed, "base64");
  const terms: Term[] = [];
  for (let at = 0; at + 44 <= bytes.length; at += 44)
    terms.push({
      xorb: bytes.toString("hex", at, at + 32),
      chunkStart: bytes.readUInt32LE(at + 32),
      chunkEnd: bytes.readUInt32LE(at + 36),
      unpackedBytes: bytes.readUInt32LE(at + 40),
    });
  return terms;
}

/** Notifications of xorbs deleted by garbage collection (payload: the hash), store/notify.ts. */
export const XORB_GONE_CHANNEL = "xet_xorb_gone";

export class XetIndex {
  /** A few recently used xorb chunk lists: reconstructions and the bridge read the same xorbs again and again. */
  private readonly xorbCache = new Map<string, StoredXorb>();

  constructor(private readonly db: Pick<Db, "query" | "transaction">) {
    // A xorb collected by another server's gc.ts must not stay "stored" here: a shard naming it would be accepted.
    notifyBusOf(db).subscribe(
      XORB_GONE_CHANNEL,
      (hash) => this.xorbCache.delete(hash),
      () => this.xorbCache.clear(),
    );
  }

  /** The database (garbage collection, gc.ts). */
  get database(): Pick<Db, "query" | "transaction"> {
    return this.db;
  }

  forgetCached(xorb: string): void {
    this.xorbCache.delete(xorb);
  }

  /** Marks xorbs as just used (a dedup answer, a shard's reference): garbage collection keeps them a while. */
  async touchXorbs(xorbs: readonly string[]): Promise<void> {
    if (xorbs.length === 0) return;
    await this.db.query("UPDATE hub_xet_xorbs SET last_used = now() WHERE hash = ANY($1::text[])", [
      [...new Set(xorbs)],
    ]);
  }

  /** Records a verified, stored xorb; false when it was already recorded. */
  async addXorb(hash: string, chunks: readonly { hash: RawHash; size: number; byteEnd: number }[]): Promise<boolean> {
    const stored = chunks.at(-1)?.byteEnd ?? 0;
    const unpacked = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
    const rows = await this.db.query(
      `INSERT INTO hub_xet_xorbs (hash, n_chunks, stored_bytes, unpacked_bytes, chunks) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (hash) DO NOTHING RETURNING hash`,
      [hash, chunks.length, stored, unpacked, packChunks(chunks)],
    );
    return rows.length > 0;
  }

  async xorb(hash: string): Promise<StoredXorb | undefined> {
    const cached = this.xorbCache.get(hash);
    if (cached !== undefined) return cached;
    const rows = await this.db.query<{ chunks: string }>("SELECT chunks FROM hub_xet_xorbs WHERE hash = $1", [hash]);
    const row = rows[0];
    if (row === undefined) return undefined;
    const xorb = { hash, chunks: unpackChunks(row.chunks) };
    if (this.xorbCache.size >= 64) this.xorbCache.delete(this.xorbCache.keys().next().value as string);
    this.xorbCache.set(hash, xorb);
    return xorb;
  }

  async linkXorbs(ref: RepoRef, xorbs: readonly string[]): Promise<void> {
    if (xorbs.length === 0) return;
    await this.db.query(
      `INSERT INTO hub_xet_xorb_links (repo_type, repo_key, xorb) SELECT $1, $2, x FROM unnest($3::text[]) AS x
       ON CONFLICT DO NOTHING`,
      [ref.type, keyOf(ref), [...new Set(xorbs)]],
    );
  }

  /** Repositories (type, lower-case id) a xorb is linked to, at most `limit`. */
  async xorbRepos(xorb: string, limit: number): Promise<{ type: string; key: string }[]> {
    const rows = await this.db.query<{ repo_type: string; repo_key: string }>(
      "SELECT repo_type, repo_key FROM hub_xet_xorb_links WHERE xorb = $1 LIMIT $2",
      [xorb, limit],
    );
    return rows.map((row) => ({ type: row.repo_type, key: row.repo_key }));
  }

  async isXorbLinked(ref: RepoRef, xorb: string): Promise<boolean> {
    const rows = await this.db.query(
      "SELECT 1 FROM hub_xet_xorb_links WHERE repo_type = $1 AND repo_key = $2 AND xorb = $3",
      [ref.type, keyOf(ref), xorb],
    );
    return rows.length > 0;
  }

  async addFile(file: StoredFile): Promise<void> {
    await this.db.query(
      `INSERT INTO hub_xet_files (file_hash, size, sha256, terms) VALUES ($1, $2, $3, $4)
       ON CONFLICT (file_hash) DO UPDATE SET sha256 = coalesce(hub_xet_files.sha256, EXCLUDED.sha256)`,
      [file.fileHash, file.size, file.sha256, packTerms(file.terms)],
    );
  }

  async file(fileHash: string): Promise<StoredFile | undefined> {
    const rows = await this.db.query<{ size: string | number; sha256: string | null; terms: string }>(
      "SELECT size, sha256, terms FROM hub_xet_files WHERE file_hash = $1",
      [fileHash],
    );
    const row = rows[0];
    return row === undefined
      ? undefined
      : { fileHash, size: Number(row.size), sha256: row.sha256, terms: unpackTerms(row.terms) };
  }

  /** The Xet file with this sha256 (any one: same bytes, same chunks, same file hash). */
  async fileBySha256(sha256: string): Promise<{ fileHash: string; size: number } | undefined> {
    const rows = await this.db.query<{ file_hash: string; size: string | number }>(
      "SELECT file_hash, size FROM hub_xet_files WHERE sha256 = $1 LIMIT 1",
      [sha256],
    );
    const row = rows[0];
    return row === undefined ? undefined : { fileHash: row.file_hash, size: Number(row.size) };
  }

  /** Xet hashes of several sha256s (tree entries). */
  async xetHashes(sha256s: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (sha256s.length === 0) return found;
    const rows = await this.db.query<{ file_hash: string; sha256: string }>(
      "SELECT DISTINCT ON (sha256) sha256, file_hash FROM hub_xet_files WHERE sha256 = ANY($1::text[])",
      [[...new Set(sha256s)].slice(0, 5000)],
    );
    for (const row of rows) found.set(row.sha256, row.file_hash);
    return found;
  }

  /** Whether the repository has the file: its sha256 is linked to the repository (hub_lfs_links). */
  async repoHasFile(ref: RepoRef, fileHash: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM hub_xet_files f JOIN hub_lfs_links l ON l.oid = f.sha256
       WHERE f.file_hash = $1 AND l.repo_type = $2 AND l.repo_key = $3 LIMIT 1`,
      [fileHash, ref.type, keyOf(ref)],
    );
    return rows.length > 0;
  }

  async addDedup(entries: readonly { chunk: RawHash; xorb: string }[]): Promise<void> {
    for (let start = 0; start < entries.length; start += 1000) {
      const slice = entries.slice(start, start + 1000);
      await this.db.query(
        `INSERT INTO hub_xet_dedup (chunk_hash, xorb) SELECT c, x FROM unnest($1::text[], $2::text[]) AS t(c, x)
         ON CONFLICT (chunk_hash) DO NOTHING`,
        [slice.map((entry) => hashToHex(entry.chunk)), slice.map((entry) => entry.xorb)],
      );
    }
  }

  async dedupXorb(chunkHash: string): Promise<string | undefined> {
    const rows = await this.db.query<{ xorb: string }>("SELECT xorb FROM hub_xet_dedup WHERE chunk_hash = $1", [
      chunkHash,
    ]);
    return rows[0]?.xorb;
  }
}

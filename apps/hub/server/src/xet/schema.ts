// The Xet tables (migration versions 70–79), run by store/migrations.ts beside the others (xet.md §4).
// - hub_xet_xorbs: every stored xorb and its chunk list (hash, unpacked size, end offset of each record), packed as
//   base64 (40 bytes a chunk; the SQL layer takes text parameters only).
// - hub_xet_files: a file's reconstruction (its terms, packed, 44 bytes each) by Xet file hash, with its sha256.
// - hub_xet_dedup: chunk hash → xorb, for the chunks eligible for global dedup only (file-first, hash % 1024 == 0,
//   or flagged by the client).
// - hub_xet_xorb_links: which repositories uploaded or referenced a xorb (dedup answers only from xorbs of
//   repositories the caller may read; garbage collection keeps referenced xorbs).
// Which *files* a repository has is hub_lfs_links (lfs/schema.ts): a Xet upload links the file's sha256 there, so
// the commit, resolve and LFS paths see one set of objects per repository however they were uploaded.
import type { Migration } from "../store/migrations.js";

export const XET_MIGRATIONS: readonly Migration[] = [
  {
    version: 70,
    name: "Xet storage: xorbs, file reconstructions, dedup index, xorbs per repository",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_xet_xorbs (
        hash text PRIMARY KEY,
        n_chunks integer NOT NULL,
        stored_bytes bigint NOT NULL,
        unpacked_bytes bigint NOT NULL,
        chunks text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE IF NOT EXISTS hub_xet_files (
        file_hash text PRIMARY KEY,
        size bigint NOT NULL,
        sha256 text,
        terms text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_xet_files_sha256_idx ON hub_xet_files (sha256)",
      `CREATE TABLE IF NOT EXISTS hub_xet_dedup (
        chunk_hash text PRIMARY KEY,
        xorb text NOT NULL
      )`,
      `CREATE TABLE IF NOT EXISTS hub_xet_xorb_links (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        xorb text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (repo_type, repo_key, xorb)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_xet_xorb_links_xorb_idx ON hub_xet_xorb_links (xorb)",
    ],
  },
  {
    version: 71,
    name: "Xet xorbs: when last handed out in a dedup answer or referenced by a shard (garbage collection keeps them)",
    statements: [
      "ALTER TABLE hub_xet_xorbs ADD COLUMN IF NOT EXISTS last_used timestamptz",
      "CREATE INDEX IF NOT EXISTS hub_xet_dedup_xorb_idx ON hub_xet_dedup (xorb)",
    ],
  },
];

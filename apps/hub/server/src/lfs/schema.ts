// The large-file tables (migration versions 60–69), run by store/migrations.ts's migrate() beside the others.
// Objects stay content-addressed on disk (one copy whoever uploaded them); what a repository may serve, download or
// commit is the set of objects linked to it here (hub-api.md §4: an LFS object belongs to the repositories it was
// uploaded to or committed in). The key is the lower-case repository id, like hub_likes, so a case-only rename
// keeps its links. `size` is part of the link: a later content store (Xet) links (oid, size) the same way.

export interface LfsMigration {
  version: number;
  name: string;
  statements: string[];
}

/** hub_meta key of the once-only backfill of data folders from before the links table (lfs/backfill.ts). */
export const LFS_BACKFILL_META_KEY = "lfs_links_backfill";

export const LFS_MIGRATIONS: readonly LfsMigration[] = [
  {
    version: 60,
    name: "LFS objects linked to the repositories they were uploaded to",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_lfs_links (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        oid text NOT NULL,
        size bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (repo_type, repo_key, oid)
      )`,
      // Which repositories still hold an object (for a later garbage collection of unlinked objects).
      "CREATE INDEX IF NOT EXISTS hub_lfs_links_oid_idx ON hub_lfs_links (oid)",
    ],
  },
  {
    version: 61,
    name: "repositories written before the links table get theirs from their refs, once, at the next start",
    // Recorded here, in the same run that creates the table: a data folder's start then links what its
    // repositories' refs point at (lfs/backfill.ts) and marks it done. A fresh folder does the same over no repos.
    statements: [
      `INSERT INTO hub_meta (key, value) VALUES ('${LFS_BACKFILL_META_KEY}', 'pending') ON CONFLICT (key) DO NOTHING`,
    ],
  },
];

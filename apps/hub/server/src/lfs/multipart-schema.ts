// The multipart quota's table (migration versions 170–179), run by store/migrations.ts's migrate() beside the
// others: the bytes each user holds in unfinished multipart uploads, counted in the database so that servers sharing
// it share one quota (lfs/multipart-ledger.ts). A row is either a stored part (`upload` set; it counts until its
// upload is completed, discarded or expired) or a part being received (`receiving_by` set: the server receiving it;
// it counts while that server is alive). PGlite (one server) uses the same table.
import type { Migration } from "../store/migrations.js";

export const MULTIPART_MIGRATIONS: readonly Migration[] = [
  {
    version: 170,
    name: "bytes of unfinished multipart uploads per user, shared by the servers on one database",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_multipart_bytes (
        key text PRIMARY KEY,
        upload text,
        user_name text NOT NULL,
        bytes bigint NOT NULL,
        receiving_by text,
        touched_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_multipart_bytes_user_idx ON hub_multipart_bytes (user_name)",
      "CREATE INDEX IF NOT EXISTS hub_multipart_bytes_upload_idx ON hub_multipart_bytes (upload)",
    ],
  },
];

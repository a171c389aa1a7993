// The curated order trending falls back on when nothing was downloaded or liked (a fresh hub): the seed files list
// their repositories deliberately (the best-known chat models first, then base models, other tasks, …) and declare
// no download or like figures, so a seed repository's weight is its place in its file, first = highest. Repositories
// outside the seed weigh 0 and follow by their downloads (trending/schema.ts's sort key). Written again only when
// the list of ids changes (a digest in hub_meta).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { RepoType } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { TABLES } from "../store/model-store.js";

/** The weight column's cap (schema.ts); the seed lists far fewer repositories per type. */
const MAX_WEIGHT = 99_999;
const META_KEY = "trending_curated_sha256";

/** The ids of a JSONL seed file, in file order (lines without a string id are skipped). */
export function seedIds(file: string | undefined): string[] {
  if (file === undefined) return [];
  const ids: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const id = (JSON.parse(line) as { id?: unknown }).id;
    if (typeof id === "string") ids.push(id);
  }
  return ids;
}

/** Gives each listed repository its weight (first = highest) and every other one 0; skipped when unchanged. */
export async function applyCuratedOrder(
  db: Db,
  lists: readonly (readonly [RepoType, readonly string[]])[],
): Promise<boolean> {
  const digest = createHash("sha256").update(JSON.stringify(lists)).digest("hex");
  const stored = await db.query<{ value: string }>("SELECT value FROM hub_meta WHERE key = $1", [META_KEY]);
  if (stored[0]?.value === digest) return false;
  await db.transaction(async (tx) => {
    for (const [type, ids] of lists) {
      const keys = ids.slice(0, MAX_WEIGHT).map((id) => id.toLowerCase());
      await tx.query(`UPDATE ${TABLES[type]} SET curated_weight = 0 WHERE curated_weight <> 0`);
      await tx.query(
        `UPDATE ${TABLES[type]} AS t SET curated_weight = $2::int - c.ord + 1
         FROM unnest($1::text[]) WITH ORDINALITY AS c(key, ord) WHERE lower(t.id) = c.key`,
        [keys, keys.length],
      );
    }
    await tx.query(
      "INSERT INTO hub_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
      [META_KEY, digest],
    );
  });
  return true;
}

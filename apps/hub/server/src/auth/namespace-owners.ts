// Every namespace that holds a repository is an account. The seed (and any repository found on disk or imported
// into the index) may name namespaces nobody signed up for (`meta-llama`, `google`, …): each becomes an
// organization with no members, so only the server's administrator manages it, and nobody can sign up as it (in
// any letter case: names are keyed in lower case). Run after seeding and at every start (one statement; an existing
// data folder from before gets its organizations on its first start with this code).
import type { Db } from "../store/db.js";
import { TABLES } from "../store/model-store.js";

/** Creates the missing organizations; returns how many. */
export async function ownNamespaces(db: Pick<Db, "query">): Promise<number> {
  // The namespace of every indexed id `ns/name` (legacy ids without a namespace have none), one row per lower-case
  // name, spelled as the first id that has it; the id is 24 hex like the hub's object ids.
  const namespaces = Object.values(TABLES)
    .map((table) => `SELECT split_part(id, '/', 1) AS name FROM ${table} WHERE position('/' in id) > 0`)
    .join(" UNION ");
  const rows = await db.query(
    `INSERT INTO hub_accounts (name_key, name, kind, id, fullname)
     SELECT DISTINCT ON (lower(name)) lower(name), name, 'org',
       substr(md5(random()::text || clock_timestamp()::text || name), 1, 24), name
     FROM (${namespaces}) AS namespaces WHERE name <> ''
     ORDER BY lower(name), name
     ON CONFLICT (name_key) DO NOTHING RETURNING name_key`,
  );
  return rows.length;
}

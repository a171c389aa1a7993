// The databases every store test runs against: PGlite (in memory) always, and the PostgreSQL server of
// TEST_DATABASE_URL when it is set (CI starts one with scripts/ci-postgres.sh). Each PostgreSQL use gets its own
// throw-away schema, dropped at the end.
import { randomBytes } from "node:crypto";
import { type Db, openPglite, openPostgres } from "../src/store/db.js";

export interface TestDatabase {
  name: "pglite" | "postgres";
  open(): Promise<Db>;
  /** Drops what open() created (the schema on PostgreSQL). */
  cleanup(): Promise<void>;
}

const testUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && (testUrl === undefined || testUrl === ""))
  throw new Error(
    "CI=true but TEST_DATABASE_URL is not set: the store tests must also run against PostgreSQL (see scripts/ci-postgres.sh)",
  );

function postgresDatabase(url: string): TestDatabase {
  const schema = `hubkit_test_${randomBytes(6).toString("hex")}`;
  return {
    name: "postgres",
    open: () => openPostgres(url, schema),
    async cleanup() {
      const db = await openPostgres(url);
      try {
        await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await db.close();
      }
    },
  };
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: "pglite", open: () => openPglite(undefined), cleanup: async () => {} }];
  if (testUrl !== undefined && testUrl !== "") list.push(postgresDatabase(testUrl));
  return list;
}

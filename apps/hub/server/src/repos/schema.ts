// Storage tables (migration versions 30–39), run by store/migrations.ts's migrate() beside the index's and the
// accounts'. Empty until storage needs a table of its own.

export interface StorageMigration {
  version: number;
  name: string;
  statements: string[];
}

export const STORAGE_MIGRATIONS: readonly StorageMigration[] = [];

// Minimal types for the two `pg` modules db.ts loads directly (see the comment there).
declare module "pg-pool" {
  import type { EventEmitter } from "node:events";

  export interface PoolQueryResult<Row> {
    rows: Row[];
  }
  export interface PoolClient {
    query<Row>(sql: string, params?: unknown[]): Promise<PoolQueryResult<Row>>;
    release(error?: Error | boolean): void;
  }
  export interface PoolOptions {
    connectionString?: string;
    max?: number;
    options?: string;
  }
  export default class Pool extends EventEmitter {
    constructor(options: PoolOptions, client: unknown);
    query<Row>(sql: string, params?: unknown[]): Promise<PoolQueryResult<Row>>;
    connect(): Promise<PoolClient>;
    end(): Promise<void>;
  }
}

declare module "pg/lib/client.js" {
  const Client: unknown;
  export default Client;
}

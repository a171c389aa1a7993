// One DuckDB database in a worker thread: in memory, its threads and memory bounded, locked down after setup so
// that no statement can reach a file outside the folders the server named or the network (external access off,
// configuration locked). Runs one request at a time; a request past its time limit is interrupted.
import { parentPort, workerData } from "node:worker_threads";
import { DuckDBInstance, type DuckDBType, LIST, listValue, VARCHAR } from "@duckdb/node-api";
import type {
  QueryColumn,
  QueryParam,
  WorkerAnswer,
  WorkerClose,
  WorkerInit,
  WorkerRequest,
} from "./duckdb-protocol.js";
import { jsonValue } from "./json-value.js";

const init = workerData as WorkerInit;
const port = parentPort;
if (port === null) throw new Error("duckdb-worker.ts runs as a worker thread");

/** Values and their types for binding: a list of strings needs its type named (DuckDB cannot infer ANY). */
function bound(params: readonly QueryParam[]) {
  const values = params.map((param) => (Array.isArray(param) ? listValue(param) : param));
  const types = params.map((param) => (Array.isArray(param) ? LIST(VARCHAR) : undefined)) as DuckDBType[];
  return { values, types };
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function open() {
  const instance = await DuckDBInstance.create(":memory:", {
    threads: String(init.threads),
    memory_limit: init.memoryLimit,
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
  });
  const connection = await instance.connect();
  // Server-chosen folders only (absolute paths it built itself, quoted as SQL strings).
  const folders = init.allowedDirectories.map((folder) => sqlString(folder.endsWith("/") ? folder : `${folder}/`));
  await connection.run(`SET allowed_directories = [${folders.join(", ")}]`);
  // Footers parsed once per file, not per page: a 5M-row split has 500 row groups of metadata.
  await connection.run("SET parquet_metadata_cache = true");
  await connection.run("SET enable_external_access = false");
  await connection.run("SET lock_configuration = true");
  return { instance, connection };
}

const { instance, connection } = await open().catch((error: unknown) => {
  port.postMessage({ failed: String(error) } satisfies WorkerAnswer);
  throw error;
});
port.postMessage({ ready: true } satisfies WorkerAnswer);

async function answer(request: WorkerRequest): Promise<WorkerAnswer> {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    connection.interrupt();
  }, request.timeoutMs);
  try {
    let columns: QueryColumn[] = [];
    let rows: Record<string, unknown>[] = [];
    for (const statement of request.statements) {
      const params = bound(statement.params);
      const reader = await connection.runAndReadAll(statement.sql, params.values, params.types);
      const names = reader.columnNames();
      const types = reader.columnTypes();
      columns = names.map((name, index) => ({ name, type: String(types[index]) }));
      rows = reader.getRowObjectsJS().map((row) => {
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(row)) out[key] = jsonValue(value);
        return out;
      });
    }
    return { id: request.id, columns, rows };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id: request.id, error: message, timedOut };
  } finally {
    clearTimeout(timer);
  }
}

/** The request being answered (requests come one at a time). */
let running: Promise<void> = Promise.resolve();

port.on("message", (message: WorkerRequest | WorkerClose) => {
  if ("close" in message) {
    // stop DuckDB from this thread, then let the thread end on its own (never terminated while DuckDB runs)
    connection.interrupt();
    void running.then(() => {
      connection.closeSync();
      instance.closeSync();
      port.close();
    });
    return;
  }
  running = answer(message).then((reply) => port.postMessage(reply));
});

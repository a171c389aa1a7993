// Reads a JSON-lines file of model records in batches (a dump can be far larger than memory allows at once).
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { ModelRecordError } from "./model-record.js";
import type { ModelStore } from "./model-store.js";

export interface ImportResult {
  imported: number;
  lines: number;
}

/** Loads every record of `file` into `store` (upsert by id). Blank lines are skipped; a bad line throws with its number. */
export async function importJsonl(store: ModelStore, file: string, batchSize = 1000): Promise<ImportResult> {
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: unknown[] = [];
  let firstLine = 1;
  let lineNumber = 0;
  let imported = 0;
  const flush = async () => {
    try {
      imported += await store.upsert(batch);
    } catch (error) {
      if (error instanceof ModelRecordError)
        throw new ModelRecordError(`${file} (lines ${firstLine}-${lineNumber}): ${error.message}`);
      throw error;
    }
    batch = [];
    firstLine = lineNumber + 1;
  };
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === "") continue;
    try {
      batch.push(JSON.parse(line));
    } catch {
      throw new ModelRecordError(`${file}:${lineNumber}: not valid JSON`);
    }
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  await store.analyze();
  return { imported, lines: lineNumber };
}

// safetensors headers → parameter counts per dtype and in total (hub-api.md §7.4). A file starts with a
// little-endian u64 N, then N bytes of JSON `{name: {dtype, shape, data_offsets}, "__metadata__"?: {…}}`.
// Headers are hostile: N is capped (the clients' own 25 MB limit), the JSON checked field by field, and each
// object's header parsed once per process (object-cache.ts).

import { ObjectCache, type ObjectCacheStats } from "./object-cache.js";

export const MAX_SAFETENSORS_HEADER = 25_000_000;
/** Shards listed in one index that we read (each a header read); a 1T-parameter model has a few hundred. */
export const MAX_SHARDS = 1000;
/**
 * Header bytes one derivation may parse that the cache does not know yet (a 25 MB header is about a second of
 * JSON parsing on the main thread). A real model's headers are well under this; past it the counts are left out
 * with a reason, and later views continue where the cache stopped.
 */
export const MAX_HEADER_BYTES_PER_VIEW = 2 * MAX_SAFETENSORS_HEADER;

export interface SafetensorsInfo {
  parameters: Record<string, number>;
  total: number;
  sharded?: boolean;
}

export class SafetensorsError extends Error {
  override readonly name = "SafetensorsError";
}

/** Reads `length` bytes at `start` of one file of the repository. */
export type ReadRange = (path: string, start: number, length: number) => Promise<Buffer>;

const DTYPE = /^[A-Z][A-Z0-9_]{0,31}$/;

/** Counts from a parsed header object; throws SafetensorsError on a malformed tensor entry. */
export function countParameters(header: unknown): Map<string, bigint> {
  if (typeof header !== "object" || header === null || Array.isArray(header))
    throw new SafetensorsError("the header is not a JSON object");
  const counts = new Map<string, bigint>();
  for (const [name, tensor] of Object.entries(header)) {
    if (name === "__metadata__") continue;
    if (typeof tensor !== "object" || tensor === null) throw new SafetensorsError(`tensor ${name} is not an object`);
    const { dtype, shape } = tensor as { dtype?: unknown; shape?: unknown };
    if (typeof dtype !== "string" || !DTYPE.test(dtype))
      throw new SafetensorsError(`tensor ${name} has no valid dtype`);
    if (!Array.isArray(shape) || shape.length > 16) throw new SafetensorsError(`tensor ${name} has no valid shape`);
    let count = 1n;
    for (const dim of shape) {
      if (typeof dim !== "number" || !Number.isSafeInteger(dim) || dim < 0)
        throw new SafetensorsError(`tensor ${name} has an invalid dimension`);
      count *= BigInt(dim);
    }
    counts.set(dtype, (counts.get(dtype) ?? 0n) + count);
  }
  return counts;
}

/** The header of one safetensors file of `size` bytes, parsed. */
export async function readSafetensorsHeader(read: ReadRange, path: string, size: number): Promise<unknown> {
  return parseHeaderBytes(path, await readHeaderLength(read, path, size), read);
}

/** The header's length from the file's first 8 bytes, checked against the cap and the file's size. */
async function readHeaderLength(read: ReadRange, path: string, size: number): Promise<number> {
  if (size < 8) throw new SafetensorsError(`${path} is shorter than 8 bytes`);
  const prefix = await read(path, 0, 8);
  if (prefix.length < 8) throw new SafetensorsError(`${path} is shorter than 8 bytes`);
  const length = prefix.readBigUInt64LE(0);
  if (length > BigInt(MAX_SAFETENSORS_HEADER))
    throw new SafetensorsError(`${path}: header of ${length} bytes is over ${MAX_SAFETENSORS_HEADER}`);
  if (length + 8n > BigInt(size)) throw new SafetensorsError(`${path}: header is longer than the file`);
  return Number(length);
}

async function parseHeaderBytes(path: string, length: number, read: ReadRange): Promise<unknown> {
  const bytes = await read(path, 8, length);
  if (bytes.length !== length) throw new SafetensorsError(`${path}: header is truncated`);
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    throw new SafetensorsError(`${path}: header is not valid JSON`);
  }
}

/** Parameter counts of one file, or why its header is refused (kept too: the bytes will not change). */
type HeaderCounts = { counts: Map<string, bigint> } | { error: string };

/** Per object: the dtype counts of its header. A value is a few dtypes, so 20 000 entries hold a few MB. */
const headerCounts = new ObjectCache<HeaderCounts>(20_000, 8 * 1024 * 1024, (value) =>
  "error" in value ? value.error.length * 2 : value.counts.size * 64,
);

/** How many safetensors headers this process has parsed and how many answers the cache gave (tests, logs). */
export function safetensorsCacheStats(): ObjectCacheStats {
  return headerCounts.stats();
}

/**
 * Counts of one file. With `key` (the object's id) the header is parsed once per process; the first 8 bytes are
 * still read through `read` each time, so a caller only learns a cached answer for an object it can read.
 */
async function fileCounts(
  read: ReadRange,
  path: string,
  size: number,
  key: string | undefined,
  budget: { bytes: number },
): Promise<Map<string, bigint>> {
  const length = await readHeaderLength(read, path, size);
  const compute = async (): Promise<HeaderCounts> => {
    // Each header not yet known costs its bytes of one view's budget (a JSON parse on the main thread).
    if (length > budget.bytes)
      throw new SafetensorsError(`headers over ${MAX_HEADER_BYTES_PER_VIEW} bytes in one view; not counted yet`);
    budget.bytes -= length;
    try {
      return { counts: countParameters(await parseHeaderBytes(path, length, read)) };
    } catch (error) {
      if (error instanceof SafetensorsError) return { error: error.message };
      throw error;
    }
  };
  const result = key === undefined ? await compute() : await headerCounts.get(`${key}:${size}`, compute);
  if ("error" in result) throw new SafetensorsError(result.error);
  return result.counts;
}

function summarise(counts: Map<string, bigint>, sharded: boolean): SafetensorsInfo {
  const parameters: Record<string, number> = {};
  let total = 0n;
  for (const [dtype, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    parameters[dtype] = Number(count);
    total += count;
  }
  return { parameters, total: Number(total), ...(sharded ? { sharded: true } : {}) };
}

/**
 * Parameter counts of the repository's safetensors weights: `model.safetensors` when present, else every distinct
 * shard named in `model.safetensors.index.json`'s `weight_map`. `sizes` holds the size of every file at the commit
 * (a shard missing from it is an error: the index points at nothing). Undefined when there are no such weights.
 */
export async function deriveSafetensors(
  sizes: ReadonlyMap<string, number>,
  read: ReadRange,
  readText: (path: string) => Promise<string | undefined>,
  /** The stored object behind a path (LFS sha256 or git blob id), for the per-object cache. */
  objectKey: (path: string) => string | undefined = () => undefined,
): Promise<SafetensorsInfo | undefined> {
  const budget = { bytes: MAX_HEADER_BYTES_PER_VIEW };
  const single = sizes.get("model.safetensors");
  if (single !== undefined)
    return summarise(
      await fileCounts(read, "model.safetensors", single, objectKey("model.safetensors"), budget),
      false,
    );
  if (!sizes.has("model.safetensors.index.json")) return undefined;
  const indexText = await readText("model.safetensors.index.json");
  let index: unknown;
  try {
    index = JSON.parse(indexText ?? "");
  } catch {
    throw new SafetensorsError("model.safetensors.index.json is not valid JSON");
  }
  const weightMap = (index as { weight_map?: unknown } | null)?.weight_map;
  if (typeof weightMap !== "object" || weightMap === null || Array.isArray(weightMap))
    throw new SafetensorsError("model.safetensors.index.json has no weight_map object");
  const shards = new Set<string>();
  for (const shard of Object.values(weightMap)) {
    if (typeof shard !== "string") throw new SafetensorsError("weight_map values must be file names");
    shards.add(shard);
  }
  if (shards.size > MAX_SHARDS) throw new SafetensorsError(`more than ${MAX_SHARDS} shards`);
  const counts = new Map<string, bigint>();
  for (const shard of shards) {
    const size = sizes.get(shard);
    if (size === undefined) throw new SafetensorsError(`shard ${shard.slice(0, 200)} is missing`);
    for (const [dtype, count] of await fileCounts(read, shard, size, objectKey(shard), budget))
      counts.set(dtype, (counts.get(dtype) ?? 0n) + count);
  }
  return summarise(counts, true);
}

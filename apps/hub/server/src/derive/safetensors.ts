// safetensors headers → parameter counts per dtype and in total (hub-api.md §7.4). A file starts with a
// little-endian u64 N, then N bytes of JSON `{name: {dtype, shape, data_offsets}, "__metadata__"?: {…}}`.
// Headers are hostile: N is capped (the clients' own 25 MB limit), the JSON checked field by field.

export const MAX_SAFETENSORS_HEADER = 25_000_000;
/** Shards listed in one index that we read (each a header read); a 1T-parameter model has a few hundred. */
export const MAX_SHARDS = 1000;

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
  if (size < 8) throw new SafetensorsError(`${path} is shorter than 8 bytes`);
  const prefix = await read(path, 0, 8);
  if (prefix.length < 8) throw new SafetensorsError(`${path} is shorter than 8 bytes`);
  const length = prefix.readBigUInt64LE(0);
  if (length > BigInt(MAX_SAFETENSORS_HEADER))
    throw new SafetensorsError(`${path}: header of ${length} bytes is over ${MAX_SAFETENSORS_HEADER}`);
  if (length + 8n > BigInt(size)) throw new SafetensorsError(`${path}: header is longer than the file`);
  const bytes = await read(path, 8, Number(length));
  if (bytes.length !== Number(length)) throw new SafetensorsError(`${path}: header is truncated`);
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    throw new SafetensorsError(`${path}: header is not valid JSON`);
  }
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
): Promise<SafetensorsInfo | undefined> {
  const single = sizes.get("model.safetensors");
  if (single !== undefined)
    return summarise(countParameters(await readSafetensorsHeader(read, "model.safetensors", single)), false);
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
    for (const [dtype, count] of countParameters(await readSafetensorsHeader(read, shard, size)))
      counts.set(dtype, (counts.get(dtype) ?? 0n) + count);
  }
  return summarise(counts, true);
}

// GGUF headers → the `gguf` object of a model (hub-api.md §7.5): architecture, context length, chat template,
// special tokens, the parameter count (sum over tensors of the product of their dimensions) and the file size.
// The header reader is the one the web app uses (apps/hub/shared/gguf-header.ts).
// Each object's summary is computed once per process (object-cache.ts): a header read is up to 64 MB.
import { type GGUFArray, type GGUFHeader, GGUFHeaderError, parseGGUFHeader } from "../../../shared/gguf-header.js";
import { ObjectCache, type ObjectCacheStats } from "./object-cache.js";

export interface GgufInfo {
  total?: number;
  architecture?: string;
  context_length?: number;
  chat_template?: string;
  bos_token?: string;
  eos_token?: string;
  totalFileSize: number;
}

/** Bytes read first; a header with a large vocabulary gets a second, bigger read. */
export const GGUF_FIRST_READ = 4 * 1024 * 1024;
export const GGUF_MAX_READ = 64 * 1024 * 1024;

const TOKENS_KEY = "tokenizer.ggml.tokens";

function metadataValue(header: GGUFHeader, key: string): unknown {
  return header.metadata.find((entry) => entry.key === key)?.value;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === "bigint") return Number(value);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function tokenAt(header: GGUFHeader, idKey: string): string | undefined {
  const id = asNumber(metadataValue(header, idKey));
  const tokens = metadataValue(header, TOKENS_KEY) as GGUFArray | undefined;
  if (id === undefined || tokens === undefined || !Array.isArray(tokens.preview)) return undefined;
  const token = tokens.preview[id];
  return typeof token === "string" ? token : undefined;
}

/** The summary of one parsed header; `fileSize` is the size of the file (or of all its split parts). */
export function summariseGguf(header: GGUFHeader, fileSize: number): GgufInfo {
  const architecture = metadataValue(header, "general.architecture");
  const arch = typeof architecture === "string" ? architecture : undefined;
  const chatTemplate = metadataValue(header, "tokenizer.chat_template");
  const contextLength = arch === undefined ? undefined : asNumber(metadataValue(header, `${arch}.context_length`));
  let total: bigint | undefined;
  // A header-only file (no tensors: the seed's metadata stand-ins) has no parameter count to show, not "0".
  if (header.tensors !== undefined && header.tensors.length > 0) {
    total = 0n;
    for (const tensor of header.tensors) total += tensor.shape.reduce((product, dim) => product * dim, 1n);
  }
  const bos = tokenAt(header, "tokenizer.ggml.bos_token_id");
  const eos = tokenAt(header, "tokenizer.ggml.eos_token_id");
  return {
    ...(total !== undefined ? { total: Number(total) } : {}),
    ...(arch !== undefined ? { architecture: arch } : {}),
    ...(contextLength !== undefined ? { context_length: contextLength } : {}),
    ...(typeof chatTemplate === "string" ? { chat_template: chatTemplate } : {}),
    ...(bos !== undefined ? { bos_token: bos } : {}),
    ...(eos !== undefined ? { eos_token: eos } : {}),
    totalFileSize: fileSize,
  };
}

/**
 * Reads and summarises one GGUF file of `size` bytes through `read` (start, length). Reads the first few MB and,
 * when the header runs on (a big vocabulary), up to GGUF_MAX_READ. Throws GGUFHeaderError on a file that is not
 * GGUF; a header longer than GGUF_MAX_READ gives a summary without `total`.
 */
export async function deriveGguf(
  size: number,
  read: (start: number, length: number) => Promise<Buffer>,
  /** The stored object (LFS sha256 or git blob id), for the per-object cache. */
  key?: string,
): Promise<GgufInfo> {
  const compute = async (): Promise<GgufSummary> => {
    const options = { keepArrays: new Set([TOKENS_KEY]), readTensors: true };
    try {
      let header = parseGGUFHeader(new Uint8Array(await read(0, Math.min(size, GGUF_FIRST_READ))), options);
      if (header.truncated && size > GGUF_FIRST_READ)
        header = parseGGUFHeader(new Uint8Array(await read(0, Math.min(size, GGUF_MAX_READ))), options);
      return { info: summariseGguf(header, size) };
    } catch (error) {
      if (error instanceof GGUFHeaderError) return { error: error.message };
      throw error;
    }
  };
  let result: GgufSummary;
  if (key === undefined) result = await compute();
  else {
    // The cached answer is given only to a caller that can read the object: one byte through its own store.
    await read(0, Math.min(size, 1));
    result = await summaries.get(`${key}:${size}`, compute);
  }
  if ("error" in result) throw new GGUFHeaderError(result.error);
  // A copy: callers adjust totalFileSize for split files.
  return { ...result.info };
}

type GgufSummary = { info: GgufInfo } | { error: string };

/** Per object: its summary (a chat template may be tens of KB, hence the byte bound). */
const summaries = new ObjectCache<GgufSummary>(2_000, 16 * 1024 * 1024, (value) =>
  "error" in value ? value.error.length * 2 : JSON.stringify(value.info).length * 2,
);

export function ggufCacheStats(): ObjectCacheStats {
  return summaries.stats();
}

// Reads a safetensors file's header over HTTP: 8 bytes (little-endian u64 length), then that many bytes of JSON
// (two Range requests, so the weights are never downloaded). The header is untrusted: length bounded, JSON shape
// checked, tensors summarised.
import { readStart } from "./read-file";

export const MAX_HEADER_BYTES = 16 * 1024 * 1024;

export interface SafetensorsTensor {
  name: string;
  dtype: string;
  shape: number[];
  parameters: number;
}

export interface SafetensorsHeader {
  metadata: Record<string, string>;
  tensors: SafetensorsTensor[];
  parametersByDtype: Record<string, number>;
  total: number;
}

export class SafetensorsHeaderError extends Error {
  override readonly name = "SafetensorsHeaderError";
}

/** The header's length from the file's first 8 bytes. */
export function headerLength(first: Uint8Array): number {
  if (first.length < 8) throw new SafetensorsHeaderError("The file is shorter than a safetensors header");
  const length = new DataView(first.buffer, first.byteOffset, 8).getBigUint64(0, true);
  if (length === 0n || length > BigInt(MAX_HEADER_BYTES))
    throw new SafetensorsHeaderError(
      `Header length ${length} is not between 1 byte and ${MAX_HEADER_BYTES / 1048576} MB`,
    );
  return Number(length);
}

/** Parses the JSON header (everything but `__metadata__` is a tensor). */
export function parseHeader(json: string): SafetensorsHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new SafetensorsHeaderError("The header is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new SafetensorsHeaderError("The header is not a JSON object");
  const metadata: Record<string, string> = {};
  const tensors: SafetensorsTensor[] = [];
  const parametersByDtype: Record<string, number> = {};
  let total = 0;
  for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (name === "__metadata__") {
      if (typeof value === "object" && value !== null)
        for (const [key, text] of Object.entries(value))
          metadata[key] = typeof text === "string" ? text : JSON.stringify(text);
      continue;
    }
    const entry = (typeof value === "object" && value !== null ? value : {}) as { dtype?: unknown; shape?: unknown };
    const dtype = typeof entry.dtype === "string" ? entry.dtype : "?";
    const shape = Array.isArray(entry.shape)
      ? entry.shape.filter((d): d is number => Number.isSafeInteger(d) && d >= 0)
      : [];
    const parameters = shape.reduce((product, dim) => product * dim, 1);
    tensors.push({ name, dtype, shape, parameters });
    parametersByDtype[dtype] = (parametersByDtype[dtype] ?? 0) + parameters;
    total += parameters;
  }
  return { metadata, tensors, parametersByDtype, total };
}

export async function readSafetensorsHeader(url: string, signal?: AbortSignal): Promise<SafetensorsHeader> {
  const first = await readStart(url, 8, signal);
  const length = headerLength(first.bytes);
  const whole = await readStart(url, 8 + length, signal);
  if (whole.bytes.length < 8 + length) throw new SafetensorsHeaderError("The file ends inside its header");
  return parseHeader(new TextDecoder().decode(whole.bytes.subarray(8)));
}

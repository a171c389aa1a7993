// Reads the header of a GGUF file (magic, version, tensor count, metadata key/values, and optionally the tensor
// infos) from its first bytes. One dependency-free module shared by the web app (the GGUF page reads a local file
// in the browser) and the server (derive/gguf.ts summarises uploaded GGUF files). Big arrays (tokenizer
// vocabularies) are summarised: their length and first items only, unless the caller asks to keep one whole.

export class GGUFHeaderError extends Error {
  override readonly name = "GGUFHeaderError";
}

export interface GGUFHeader {
  version: number;
  tensorCount: bigint;
  metadata: Array<{ key: string; type: string; value: unknown }>;
  /** True when the bytes ran out before every metadata entry (and, if asked, every tensor info) was read. */
  truncated: boolean;
  /** The tensor infos, when `readTensors` was asked and the bytes held them all. */
  tensors?: GGUFTensorInfo[];
}

export interface GGUFTensorInfo {
  name: string;
  shape: bigint[];
  /** The ggml type id (quantisation) of the tensor's data. */
  type: number;
}

export interface GGUFParseOptions {
  /** Keys whose arrays are kept whole (up to `maxArrayItems`) instead of summarised, e.g. `tokenizer.ggml.tokens`. */
  keepArrays?: ReadonlySet<string>;
  /** Bound on a kept array (default 1 << 20 items). */
  maxArrayItems?: number;
  /** Also read the tensor infos that follow the metadata. */
  readTensors?: boolean;
}

/** A summarised array value: its item type, length and first items (or every item when kept whole). */
export interface GGUFArray {
  arrayOf: string;
  length: number;
  preview: unknown[];
}

const TYPE_NAMES = [
  "uint8",
  "int8",
  "uint16",
  "int16",
  "uint32",
  "int32",
  "float32",
  "bool",
  "string",
  "array",
  "uint64",
  "int64",
  "float64",
];
const ARRAY_PREVIEW = 8;
const MAX_STRING = 1 << 20;
const MAX_DIMS = 8;

class OutOfBytes extends Error {}

class Reader {
  private offset = 0;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder("utf-8", { fatal: false });
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(count: number): number {
    if (this.offset + count > this.bytes.byteLength) throw new OutOfBytes();
    const at = this.offset;
    this.offset += count;
    return at;
  }
  u8 = () => this.view.getUint8(this.need(1));
  i8 = () => this.view.getInt8(this.need(1));
  u16 = () => this.view.getUint16(this.need(2), true);
  i16 = () => this.view.getInt16(this.need(2), true);
  u32 = () => this.view.getUint32(this.need(4), true);
  i32 = () => this.view.getInt32(this.need(4), true);
  f32 = () => this.view.getFloat32(this.need(4), true);
  u64 = () => this.view.getBigUint64(this.need(8), true);
  i64 = () => this.view.getBigInt64(this.need(8), true);
  f64 = () => this.view.getFloat64(this.need(8), true);
  string(): string {
    const length = this.u64();
    if (length > BigInt(MAX_STRING)) throw new GGUFHeaderError(`string of ${length} bytes is too long`);
    const at = this.need(Number(length));
    return this.decoder.decode(this.bytes.subarray(at, at + Number(length)));
  }
}

function readValue(reader: Reader, type: number, keep = 0): unknown {
  switch (type) {
    case 0:
      return reader.u8();
    case 1:
      return reader.i8();
    case 2:
      return reader.u16();
    case 3:
      return reader.i16();
    case 4:
      return reader.u32();
    case 5:
      return reader.i32();
    case 6:
      return reader.f32();
    case 7:
      return reader.u8() !== 0;
    case 8:
      return reader.string();
    case 9: {
      const itemType = reader.u32();
      if (itemType === 9) throw new GGUFHeaderError("nested arrays are not supported");
      const count = reader.u64();
      const preview: unknown[] = [];
      const limit = BigInt(Math.max(keep, ARRAY_PREVIEW));
      // Bounded by the bytes: every item consumes at least one byte, and the reader stops at the end.
      for (let index = 0n; index < count; index++) {
        const item = readValue(reader, itemType);
        if (index < limit) preview.push(item);
      }
      const array: GGUFArray = { arrayOf: TYPE_NAMES[itemType] ?? `type ${itemType}`, length: Number(count), preview };
      return array;
    }
    case 10:
      return reader.u64();
    case 11:
      return reader.i64();
    case 12:
      return reader.f64();
    default:
      throw new GGUFHeaderError(`unknown metadata value type ${type}`);
  }
}

/** Parses the header from the first bytes of a GGUF file. */
export function parseGGUFHeader(bytes: Uint8Array, options: GGUFParseOptions = {}): GGUFHeader {
  // A tag check rather than instanceof: byte arrays may come from another realm (a worker, a test environment).
  if (Object.prototype.toString.call(bytes) !== "[object Uint8Array]")
    throw new TypeError("parseGGUFHeader expects a Uint8Array");
  const reader = new Reader(bytes);
  let magic: number;
  try {
    magic = reader.u32();
  } catch {
    throw new GGUFHeaderError("Not a GGUF file: it is shorter than 4 bytes");
  }
  if (magic !== 0x46554747) throw new GGUFHeaderError('Not a GGUF file: it does not start with "GGUF"');
  const header: GGUFHeader = { version: 0, tensorCount: 0n, metadata: [], truncated: false };
  try {
    header.version = reader.u32();
    if (header.version < 2 || header.version > 3)
      throw new GGUFHeaderError(`Unsupported GGUF version ${header.version} (2 and 3 are supported)`);
    header.tensorCount = reader.u64();
    const count = reader.u64();
    for (let index = 0n; index < count; index++) {
      const key = reader.string();
      const type = reader.u32();
      const keep = options.keepArrays?.has(key) === true ? (options.maxArrayItems ?? 1 << 20) : 0;
      const value = readValue(reader, type, keep);
      header.metadata.push({ key, type: TYPE_NAMES[type] ?? String(type), value });
    }
    if (options.readTensors === true) {
      const tensors: GGUFTensorInfo[] = [];
      for (let index = 0n; index < header.tensorCount; index++) {
        const name = reader.string();
        const dims = reader.u32();
        if (dims > MAX_DIMS) throw new GGUFHeaderError(`tensor ${name.slice(0, 100)} has ${dims} dimensions`);
        const shape: bigint[] = [];
        for (let dim = 0; dim < dims; dim++) shape.push(reader.u64());
        const type = reader.u32();
        reader.u64(); // offset of the data
        tensors.push({ name, shape, type });
      }
      header.tensors = tensors;
    }
  } catch (error) {
    if (!(error instanceof OutOfBytes)) throw error;
    header.truncated = true;
  }
  return header;
}

/** A value as one readable line. */
export function formatValue(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object" && value !== null && "arrayOf" in value) {
    const array = value as { arrayOf: string; length: number; preview: unknown[] };
    const items = array.preview.map(formatValue).join(", ");
    return `[${array.arrayOf} × ${array.length}] ${items}${array.length > array.preview.length ? ", …" : ""}`;
  }
  if (typeof value === "string") return JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…` : value);
  return String(value);
}

// Reads the header of a GGUF file (magic, version, tensor count, metadata key/values) from its first bytes, in the
// browser. Big arrays (tokenizer vocabularies) are summarised: their length and first items only.

export class GGUFHeaderError extends Error {
  override readonly name = "GGUFHeaderError";
}

export interface GGUFHeader {
  version: number;
  tensorCount: bigint;
  metadata: Array<{ key: string; type: string; value: unknown }>;
  /** True when the bytes ran out before every metadata entry was read. */
  truncated: boolean;
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

function readValue(reader: Reader, type: number): unknown {
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
      for (let index = 0n; index < count; index++) {
        const item = readValue(reader, itemType);
        if (index < ARRAY_PREVIEW) preview.push(item);
      }
      return { arrayOf: TYPE_NAMES[itemType] ?? `type ${itemType}`, length: Number(count), preview };
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
export function parseGGUFHeader(bytes: Uint8Array): GGUFHeader {
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
      const value = readValue(reader, type);
      header.metadata.push({ key, type: TYPE_NAMES[type] ?? String(type), value });
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

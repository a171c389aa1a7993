// Writes a GGUF v3 file with tensors: header (magic, version, tensor count, metadata count), typed metadata,
// tensor infos (name, dimensions innermost first, ggml type, offset in the data section), padding to the
// alignment, then each tensor's bytes at an aligned offset. Types written: F32 (0) and F16 (1).
import { toFloat16Bits } from "./float16.js";

export const GGUF_ALIGNMENT = 32;

/** A metadata value with its GGUF type; arrays hold one item type. */
export type GgufValue =
  | { type: "uint32"; value: number }
  | { type: "int32"; value: number }
  | { type: "float32"; value: number }
  | { type: "string"; value: string }
  | { type: "strings"; value: readonly string[] }
  | { type: "int32s"; value: readonly number[] };

export interface GgufTensor {
  name: string;
  /** GGUF order: the innermost (fastest-moving) dimension first. */
  dims: readonly number[];
  format: "F32" | "F16";
  values: Float32Array;
}

const TYPE = { uint32: 4, int32: 5, float32: 6, string: 8, array: 9, uint64: 10 } as const;
const GGML_TYPE = { F32: 0, F16: 1 } as const;

class Bytes {
  private readonly parts: Buffer[] = [];
  length = 0;
  push(part: Buffer): void {
    this.parts.push(part);
    this.length += part.length;
  }
  u32(value: number): void {
    const part = Buffer.alloc(4);
    part.writeUInt32LE(value >>> 0);
    this.push(part);
  }
  i32(value: number): void {
    const part = Buffer.alloc(4);
    part.writeInt32LE(value);
    this.push(part);
  }
  u64(value: number | bigint): void {
    const part = Buffer.alloc(8);
    part.writeBigUInt64LE(BigInt(value));
    this.push(part);
  }
  string(text: string): void {
    const bytes = Buffer.from(text);
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(alignment: number): void {
    const missing = (alignment - (this.length % alignment)) % alignment;
    if (missing > 0) this.push(Buffer.alloc(missing));
  }
  concat(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function writeValue(out: Bytes, entry: GgufValue): void {
  switch (entry.type) {
    case "uint32":
      out.u32(TYPE.uint32);
      out.u32(entry.value);
      return;
    case "int32":
      out.u32(TYPE.int32);
      out.i32(entry.value);
      return;
    case "float32": {
      out.u32(TYPE.float32);
      const part = Buffer.alloc(4);
      part.writeFloatLE(entry.value);
      out.push(part);
      return;
    }
    case "string":
      out.u32(TYPE.string);
      out.string(entry.value);
      return;
    case "strings":
      out.u32(TYPE.array);
      out.u32(TYPE.string);
      out.u64(entry.value.length);
      for (const item of entry.value) out.string(item);
      return;
    case "int32s":
      out.u32(TYPE.array);
      out.u32(TYPE.int32);
      out.u64(entry.value.length);
      for (const item of entry.value) out.i32(item);
      return;
  }
}

function tensorBytes(tensor: GgufTensor): Buffer {
  const count = tensor.dims.reduce((product, dim) => product * dim, 1);
  if (count !== tensor.values.length) throw new Error(`${tensor.name}: dimensions and values disagree`);
  const width = tensor.format === "F32" ? 4 : 2;
  const bytes = Buffer.alloc(count * width);
  tensor.values.forEach((value, index) => {
    if (tensor.format === "F32") bytes.writeFloatLE(value, index * 4);
    else bytes.writeUInt16LE(toFloat16Bits(value), index * 2);
  });
  return bytes;
}

export function writeGguf(metadata: readonly [string, GgufValue][], tensors: readonly GgufTensor[]): Buffer {
  const out = new Bytes();
  out.push(Buffer.from("GGUF", "latin1"));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length + 1);
  out.string("general.alignment");
  writeValue(out, { type: "uint32", value: GGUF_ALIGNMENT });
  for (const [key, value] of metadata) {
    out.string(key);
    writeValue(out, value);
  }
  const data = new Bytes();
  for (const tensor of tensors) {
    data.pad(GGUF_ALIGNMENT);
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_TYPE[tensor.format]);
    out.u64(data.length);
    data.push(tensorBytes(tensor));
  }
  out.pad(GGUF_ALIGNMENT);
  out.push(data.concat());
  return out.concat();
}

import { describe, expect, test } from "vitest";
import { formatValue, GGUFHeaderError, parseGGUFHeader } from "../../../../shared/gguf-header";

/** Writes a GGUF header by hand (little endian), as the format specifies. */
class Writer {
  private parts: number[] = [];
  bytes(values: Iterable<number>) {
    this.parts.push(...values);
    return this;
  }
  u32(value: number) {
    const b = new DataView(new ArrayBuffer(4));
    b.setUint32(0, value, true);
    return this.bytes(new Uint8Array(b.buffer));
  }
  u64(value: number) {
    const b = new DataView(new ArrayBuffer(8));
    b.setBigUint64(0, BigInt(value), true);
    return this.bytes(new Uint8Array(b.buffer));
  }
  f32(value: number) {
    const b = new DataView(new ArrayBuffer(4));
    b.setFloat32(0, value, true);
    return this.bytes(new Uint8Array(b.buffer));
  }
  str(text: string) {
    const encoded = new TextEncoder().encode(text);
    return this.u64(encoded.length).bytes(encoded);
  }
  done() {
    return new Uint8Array(this.parts);
  }
}

function sample(): Uint8Array {
  const w = new Writer().bytes(new TextEncoder().encode("GGUF")).u32(3).u64(291).u64(4);
  w.str("general.architecture").u32(8).str("llama");
  w.str("llama.rope.freq_base").u32(6).f32(500000);
  w.str("tokenizer.ggml.tokens").u32(9).u32(8).u64(10);
  for (let i = 0; i < 10; i++) w.str(`t${i}`);
  w.str("general.file_type").u32(4).u32(15);
  return w.done();
}

describe("parseGGUFHeader", () => {
  test("reads version, tensor count and typed metadata; arrays are summarised", () => {
    const header = parseGGUFHeader(sample());
    expect(header.version).toBe(3);
    expect(header.tensorCount).toBe(291n);
    expect(header.truncated).toBe(false);
    expect(header.metadata.map((m) => [m.key, m.type])).toEqual([
      ["general.architecture", "string"],
      ["llama.rope.freq_base", "float32"],
      ["tokenizer.ggml.tokens", "array"],
      ["general.file_type", "uint32"],
    ]);
    expect(header.metadata[0].value).toBe("llama");
    expect(header.metadata[1].value).toBe(500000);
    expect(formatValue(header.metadata[2].value)).toBe(
      '[string × 10] "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", …',
    );
    expect(header.metadata[3].value).toBe(15);
  });

  test("a header cut short keeps what was read and says so", () => {
    const bytes = sample();
    const header = parseGGUFHeader(bytes.subarray(0, 70));
    expect(header.truncated).toBe(true);
    expect(header.metadata.map((m) => m.key)).toEqual(["general.architecture"]);
  });

  test("rejects what is not GGUF", () => {
    expect(() => parseGGUFHeader(new TextEncoder().encode("PK\u0003\u0004rest"))).toThrow(GGUFHeaderError);
    expect(() => parseGGUFHeader(new Uint8Array([0x47]))).toThrow("Not a GGUF file: it is shorter than 4 bytes");
    const v1 = new Writer().bytes(new TextEncoder().encode("GGUF")).u32(1).done();
    expect(() => parseGGUFHeader(v1)).toThrow("Unsupported GGUF version 1 (2 and 3 are supported)");
    expect(() => parseGGUFHeader("GGUF" as unknown as Uint8Array)).toThrow(TypeError);
  });
});

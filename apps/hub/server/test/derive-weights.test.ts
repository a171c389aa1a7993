// Weight headers → parameter counts: safetensors (single file and sharded index, hostile headers) and GGUF (v2 and
// v3, with tensor infos, a vocabulary for the special tokens, truncated and foreign files), written byte by byte.
import { describe, expect, test } from "vitest";
import { GGUFHeaderError } from "../../shared/gguf-header.js";
import { deriveGguf } from "../src/derive/gguf.js";
import { deriveSafetensors, MAX_SAFETENSORS_HEADER, SafetensorsError } from "../src/derive/safetensors.js";

function safetensorsFile(header: unknown, dataBytes = 16): Buffer {
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([prefix, json, Buffer.alloc(dataBytes)]);
}

function repo(files: Record<string, Buffer>) {
  const sizes = new Map(Object.entries(files).map(([path, bytes]) => [path, bytes.length]));
  const reads: string[] = [];
  const read = async (path: string, start: number, length: number) => {
    reads.push(path);
    const bytes = files[path];
    if (bytes === undefined) throw new Error(`no ${path}`);
    return bytes.subarray(start, start + length);
  };
  const readText = async (path: string) => files[path]?.toString("utf8");
  return { sizes, read, readText, reads };
}

describe("safetensors", () => {
  test("a single file: counts per dtype (integer tensors too) and the total", async () => {
    const { sizes, read, readText } = repo({
      "model.safetensors": safetensorsFile({
        __metadata__: { format: "pt" },
        "embed.weight": { dtype: "F32", shape: [1000, 64], data_offsets: [0, 256000] },
        "layer.bias": { dtype: "F32", shape: [64], data_offsets: [256000, 256256] },
        position_ids: { dtype: "I64", shape: [1, 514], data_offsets: [256256, 260368] },
        scalar: { dtype: "BF16", shape: [], data_offsets: [260368, 260370] },
      }),
    });
    expect(await deriveSafetensors(sizes, read, readText)).toEqual({
      parameters: { BF16: 1, F32: 64064, I64: 514 },
      total: 64579,
    });
  });

  test("a sharded index: every distinct shard once, summed", async () => {
    const files = {
      "model.safetensors.index.json": Buffer.from(
        JSON.stringify({
          metadata: { total_size: 123 },
          weight_map: {
            a: "model-00001-of-00002.safetensors",
            b: "model-00002-of-00002.safetensors",
            c: "model-00001-of-00002.safetensors",
          },
        }),
      ),
      "model-00001-of-00002.safetensors": safetensorsFile({
        a: { dtype: "F16", shape: [10, 10], data_offsets: [0, 200] },
        c: { dtype: "F16", shape: [5], data_offsets: [200, 210] },
      }),
      "model-00002-of-00002.safetensors": safetensorsFile({
        b: { dtype: "BF16", shape: [3, 7], data_offsets: [0, 42] },
      }),
    };
    const { sizes, read, readText, reads } = repo(files);
    expect(await deriveSafetensors(sizes, read, readText)).toEqual({
      parameters: { BF16: 21, F16: 105 },
      total: 126,
      sharded: true,
    });
    expect(reads.filter((path) => path === "model-00001-of-00002.safetensors")).toHaveLength(2); // prefix + header, once
  });

  test("no safetensors weights: undefined", async () => {
    const { sizes, read, readText } = repo({ "pytorch_model.bin": Buffer.alloc(10) });
    expect(await deriveSafetensors(sizes, read, readText)).toBeUndefined();
  });

  test("hostile headers are SafetensorsErrors, never huge reads", async () => {
    const oversized = Buffer.alloc(16);
    oversized.writeBigUInt64LE(BigInt(MAX_SAFETENSORS_HEADER + 1));
    const cases: Record<string, Buffer> = {
      oversized,
      longerThanFile: (() => {
        const b = Buffer.alloc(16);
        b.writeBigUInt64LE(1000n);
        return b;
      })(),
      notJson: Buffer.concat([Buffer.from([5, 0, 0, 0, 0, 0, 0, 0]), Buffer.from("{{{{{")]),
      badShape: safetensorsFile({ x: { dtype: "F32", shape: [-1], data_offsets: [0, 0] } }),
      badDtype: safetensorsFile({ x: { dtype: "f32; drop", shape: [1], data_offsets: [0, 4] } }),
      tiny: Buffer.alloc(3),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const { sizes, read, readText } = repo({ "model.safetensors": bytes });
      await expect(deriveSafetensors(sizes, read, readText), name).rejects.toBeInstanceOf(SafetensorsError);
    }
    const missingShard = repo({
      "model.safetensors.index.json": Buffer.from(JSON.stringify({ weight_map: { a: "gone.safetensors" } })),
    });
    await expect(deriveSafetensors(missingShard.sizes, missingShard.read, missingShard.readText)).rejects.toThrow(
      /missing/,
    );
  });
});

/** A GGUF file by hand (little endian), as the format specifies. */
class GgufWriter {
  private parts: Buffer[] = [];
  u32(value: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.parts.push(b);
    return this;
  }
  u64(value: number | bigint) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.parts.push(b);
    return this;
  }
  str(text: string) {
    const bytes = Buffer.from(text, "utf8");
    this.u64(bytes.length);
    this.parts.push(bytes);
    return this;
  }
  kvString(key: string, value: string) {
    return this.str(key).u32(8).str(value);
  }
  kvU32(key: string, value: number) {
    return this.str(key).u32(4).u32(value);
  }
  kvStrings(key: string, values: string[]) {
    this.str(key).u32(9).u32(8).u64(values.length);
    for (const value of values) this.str(value);
    return this;
  }
  tensor(name: string, shape: number[], type = 0) {
    this.str(name).u32(shape.length);
    for (const dim of shape) this.u64(dim);
    return this.u32(type).u64(0);
  }
  bytes() {
    return Buffer.concat(this.parts);
  }
}

function gguf(version: number, options: { tensors?: boolean } = {}): Buffer {
  const vocab = Array.from({ length: 300 }, (_, i) => `tok${i}`);
  vocab[2] = "<bos>";
  vocab[257] = "<eos>";
  const writer = new GgufWriter().u32(0x46554747).u32(version).u64(2).u64(6);
  writer
    .kvString("general.architecture", "llama")
    .kvU32("llama.context_length", 8192)
    .kvString("tokenizer.chat_template", "{{ messages[0]['content'] }}")
    .kvStrings("tokenizer.ggml.tokens", vocab)
    .kvU32("tokenizer.ggml.bos_token_id", 2)
    .kvU32("tokenizer.ggml.eos_token_id", 257);
  if (options.tensors !== false) writer.tensor("token_embd.weight", [64, 300], 1).tensor("output_norm.weight", [64]);
  return Buffer.concat([writer.bytes(), Buffer.alloc(64)]);
}

const reader = (bytes: Buffer) => async (start: number, length: number) => bytes.subarray(start, start + length);

describe("GGUF", () => {
  for (const version of [2, 3])
    test(`v${version}: architecture, context, template, special tokens, parameter total and size`, async () => {
      const bytes = gguf(version);
      expect(await deriveGguf(bytes.length, reader(bytes))).toEqual({
        architecture: "llama",
        context_length: 8192,
        chat_template: "{{ messages[0]['content'] }}",
        bos_token: "<bos>",
        eos_token: "<eos>",
        total: 64 * 300 + 64,
        totalFileSize: bytes.length,
      });
    });

  test("a header cut before the tensor infos gives a summary without a total", async () => {
    const full = gguf(3);
    const cut = full.subarray(0, full.length - 64 - 20);
    const info = await deriveGguf(cut.length, reader(cut));
    expect(info.architecture).toBe("llama");
    expect(info.total).toBeUndefined();
  });

  test("not GGUF, or an unsupported version, is a GGUFHeaderError", async () => {
    const notGguf = Buffer.from("PK\u0003\u0004 not a gguf file");
    await expect(deriveGguf(notGguf.length, reader(notGguf))).rejects.toBeInstanceOf(GGUFHeaderError);
    const v9 = gguf(9);
    await expect(deriveGguf(v9.length, reader(v9))).rejects.toThrow(/version 9/);
  });

  test("a tensor with absurd dimensions is refused", async () => {
    const writer = new GgufWriter().u32(0x46554747).u32(3).u64(1).u64(0).str("t").u32(1000);
    const bytes = Buffer.concat([writer.bytes(), Buffer.alloc(64)]);
    await expect(deriveGguf(bytes.length, reader(bytes))).rejects.toThrow(/dimensions/);
  });
});

// Writes a safetensors file (F32 tensors only): an 8-byte little-endian header length, the JSON header naming each
// tensor's dtype, shape and byte range, padded with spaces to 8 bytes, then the tensors' bytes in header order.

export interface F32Tensor {
  name: string;
  shape: readonly number[];
  values: Float32Array;
}

export function safetensorsF32(tensors: readonly F32Tensor[], metadata: Record<string, string> = {}): Buffer {
  const header: Record<string, unknown> = { __metadata__: { format: "pt", ...metadata } };
  let offset = 0;
  for (const tensor of tensors) {
    const count = tensor.shape.reduce((product, dim) => product * dim, 1);
    if (count !== tensor.values.length) throw new Error(`${tensor.name}: shape and values disagree`);
    header[tensor.name] = { dtype: "F32", shape: tensor.shape, data_offsets: [offset, offset + count * 4] };
    offset += count * 4;
  }
  let json = JSON.stringify(header);
  json += " ".repeat((8 - (Buffer.byteLength(json) % 8)) % 8);
  const head = Buffer.alloc(8);
  head.writeBigUInt64LE(BigInt(Buffer.byteLength(json)));
  // Little-endian float bytes: Float32Array is in the machine's order, which is little-endian on every
  // platform Node supports; written through a DataView anyway so the file never depends on it.
  const data = Buffer.alloc(offset);
  let at = 0;
  for (const tensor of tensors)
    for (const value of tensor.values) {
      data.writeFloatLE(value, at);
      at += 4;
    }
  return Buffer.concat([head, Buffer.from(json), data]);
}

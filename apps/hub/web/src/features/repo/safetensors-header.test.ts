import { expect, test } from "vitest";
import { headerLength, parseHeader, SafetensorsHeaderError } from "./safetensors-header";

function lengthBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
}

test("the header's length is bounded", () => {
  expect(headerLength(lengthBytes(120n))).toBe(120);
  expect(() => headerLength(lengthBytes(0n))).toThrow(SafetensorsHeaderError);
  expect(() => headerLength(lengthBytes(1n << 40n))).toThrow(/not between/);
  expect(() => headerLength(new Uint8Array(3))).toThrow(/shorter/);
});

test("tensors are counted per dtype; metadata is kept; hostile shapes are ignored", () => {
  const header = parseHeader(
    JSON.stringify({
      __metadata__: { format: "pt" },
      "a.weight": { dtype: "BF16", shape: [4, 8], data_offsets: [0, 64] },
      "b.bias": { dtype: "F32", shape: [8], data_offsets: [64, 96] },
      bad: { dtype: 5, shape: ["x", -1, 3] },
    }),
  );
  expect(header.metadata).toEqual({ format: "pt" });
  expect(header.parametersByDtype).toEqual({ BF16: 32, F32: 8, "?": 3 });
  expect(header.total).toBe(43);
  expect(() => parseHeader("[1,2]")).toThrow(/not a JSON object/);
  expect(() => parseHeader("{")).toThrow(/not valid JSON/);
});

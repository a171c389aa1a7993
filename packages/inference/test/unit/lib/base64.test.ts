// Platform-neutral base64 against Node's Buffer as the reference (the test may use Buffer; the source may not).
import { describe, expect, test } from "vitest";
import {
  base64FromBlob,
  base64FromBytes,
  blobFromBase64,
  blobFromDataUrl,
  bytesFromBase64,
} from "../../../src/lib/base64.js";

function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe("base64", () => {
  test("encode/decode equal Buffer for every length 0..300 and a large input", () => {
    const lengths = [...Array(301).keys(), 65_537, 200_003];
    for (const length of lengths) {
      const bytes = randomBytes(length, length + 1);
      const reference = Buffer.from(bytes).toString("base64");
      expect(base64FromBytes(bytes)).toBe(reference);
      expect([...bytesFromBase64(reference)]).toEqual([...bytes]);
    }
  });

  test("decoding accepts URL-safe characters, missing padding and whitespace; rejects garbage", () => {
    expect([...bytesFromBase64("-_8")]).toEqual([0xfb, 0xff]);
    expect([...bytesFromBase64("AQID\nBA")]).toEqual([1, 2, 3, 4]);
    expect(() => bytesFromBase64("AQ*D")).toThrow("Invalid base64 string");
  });

  test("Blob and ArrayBuffer inputs", async () => {
    const bytes = new Uint8Array([0, 255, 128, 7]);
    expect(await base64FromBlob(new Blob([bytes]))).toBe("AP+ABw==");
    expect(await base64FromBlob(bytes.buffer)).toBe("AP+ABw==");
    const blob = blobFromBase64("AP+ABw==", "image/png");
    expect(blob.type).toBe("image/png");
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...bytes]);
  });

  test("data: URLs decode locally (base64 and percent-encoded); other URLs are not data URLs", async () => {
    const b64 = blobFromDataUrl("data:image/jpeg;base64,AQID")!;
    expect(b64.type).toBe("image/jpeg");
    expect([...new Uint8Array(await b64.arrayBuffer())]).toEqual([1, 2, 3]);
    const plain = blobFromDataUrl("data:text/plain;charset=utf-8,h%C3%A9")!;
    expect(plain.type).toBe("text/plain");
    expect(await plain.text()).toBe("hé");
    expect(blobFromDataUrl("https://example.com/x.png")).toBeUndefined();
  });
});

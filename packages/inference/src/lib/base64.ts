// Platform-neutral base64 (RFC 4648 with padding). No Node `Buffer`, so it runs the same in browsers.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
// Accept the URL-safe alphabet too when decoding.
DECODE["-".charCodeAt(0)] = 62;
DECODE["_".charCodeAt(0)] = 63;

export function base64FromBytes(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = "";
  const full = bytes.length - (bytes.length % 3);
  for (let i = 0; i < full; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chunk += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
    if (chunk.length >= 65_536) {
      parts.push(chunk);
      chunk = "";
    }
  }
  const rest = bytes.length - full;
  if (rest === 1) {
    const n = bytes[full] << 16;
    chunk += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}==`;
  } else if (rest === 2) {
    const n = (bytes[full] << 16) | (bytes[full + 1] << 8);
    chunk += `${ALPHABET[n >> 18]}${ALPHABET[(n >> 12) & 63]}${ALPHABET[(n >> 6) & 63]}=`;
  }
  parts.push(chunk);
  return parts.join("");
}

/** Decodes base64 (standard or URL-safe, padding optional, whitespace ignored). Throws on invalid characters. */
export function bytesFromBase64(text: string): Uint8Array {
  const clean = text.replace(/[\s=]+/g, "");
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let length = 0;
  for (let i = 0; i < clean.length; i++) {
    const value = DECODE[clean.charCodeAt(i)] ?? -1;
    if (value < 0) throw new TypeError("Invalid base64 string");
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[length++] = (buffer >> bits) & 0xff;
    }
  }
  return out.subarray(0, length);
}

/** Base64 of a Blob or ArrayBuffer's bytes. */
export async function base64FromBlob(input: Blob | ArrayBuffer): Promise<string> {
  const buffer = input instanceof ArrayBuffer ? input : await input.arrayBuffer();
  return base64FromBytes(new Uint8Array(buffer));
}

/** A Blob holding the decoded bytes of `b64`. */
export function blobFromBase64(b64: string, type?: string): Blob {
  const bytes = bytesFromBase64(b64);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], type ? { type } : undefined);
}

/** Decodes a `data:` URL locally (no fetch). Returns undefined when `url` is not a data URL. */
export function blobFromDataUrl(url: string): Blob | undefined {
  const match = /^data:([^,]*?),(.*)$/s.exec(url);
  if (!match) return undefined;
  const meta = match[1];
  const isBase64 = /;base64$/i.test(meta);
  const type = (isBase64 ? meta.slice(0, -7) : meta).split(";")[0] || undefined;
  if (isBase64) return blobFromBase64(match[2], type);
  return new Blob([decodeURIComponent(match[2])], type ? { type } : undefined);
}

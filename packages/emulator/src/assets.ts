// Small binary payloads the emulator hands out (images, audio, video), served under /_assets/<name>.

const bytes = (...parts: Array<string | number[]>): Uint8Array => {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === "string") for (const ch of part) out.push(ch.charCodeAt(0) & 0xff);
    else out.push(...part);
  }
  return Uint8Array.from(out);
};

/** 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
    .split("")
    .map((c) => c.charCodeAt(0)),
);

export interface Asset {
  contentType: string;
  body: Uint8Array;
}

/** Name → asset. Every payload holds bytes ≥ 0x80 so text decoding would corrupt it. */
export const ASSETS: Readonly<Record<string, Asset>> = {
  "image.png": { contentType: "image/png", body: PNG },
  "image.jpeg": {
    contentType: "image/jpeg",
    body: bytes([0xff, 0xd8, 0xff, 0xe0], "emulator-jpeg", [0x80, 0xfe, 0xff, 0xd9]),
  },
  "audio.flac": {
    contentType: "audio/flac",
    body: bytes("fLaC", [0x00, 0x00, 0x00, 0x22, 0x90, 0xff], "emulator-flac"),
  },
  "audio.wav": { contentType: "audio/wav", body: bytes("RIFF", [0x24, 0x00, 0x00, 0x00], "WAVEfmt ", [0x10, 0x81]) },
  "audio.mpeg": { contentType: "audio/mpeg", body: bytes("ID3", [0x04, 0x00, 0x00, 0xff, 0xfb, 0x90], "emulator-mp3") },
  "video.mp4": { contentType: "video/mp4", body: bytes([0, 0, 0, 0x18], "ftypmp42", [0, 0, 0, 0, 0xa0, 0xff], "isom") },
};

/** Standard base64 (with padding) of bytes, without Node's Buffer. */
export function toBase64(data: Uint8Array): string {
  let binary = "";
  for (const b of data) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

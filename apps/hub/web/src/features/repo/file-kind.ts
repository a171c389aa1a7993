// What a file of a repository is, from its name, so the file view picks a viewer without reading the bytes.
import type { HighlightLanguage } from "../../lib/highlight";

export type FileKind =
  | { kind: "image" }
  | { kind: "audio" }
  | { kind: "video" }
  | { kind: "markdown" }
  | { kind: "safetensors" }
  | { kind: "gguf" }
  | { kind: "text"; language: HighlightLanguage };

const EXTENSIONS: Record<string, FileKind> = {
  png: { kind: "image" },
  jpg: { kind: "image" },
  jpeg: { kind: "image" },
  gif: { kind: "image" },
  webp: { kind: "image" },
  avif: { kind: "image" },
  svg: { kind: "image" }, // shown through <img>, where an SVG's scripts never run
  wav: { kind: "audio" },
  mp3: { kind: "audio" },
  flac: { kind: "audio" },
  ogg: { kind: "audio" },
  m4a: { kind: "audio" },
  mp4: { kind: "video" },
  webm: { kind: "video" },
  md: { kind: "markdown" },
  markdown: { kind: "markdown" },
  safetensors: { kind: "safetensors" },
  gguf: { kind: "gguf" },
  py: { kind: "text", language: "python" },
  js: { kind: "text", language: "js" },
  mjs: { kind: "text", language: "js" },
  cjs: { kind: "text", language: "js" },
  ts: { kind: "text", language: "js" },
  tsx: { kind: "text", language: "js" },
  jsx: { kind: "text", language: "js" },
  sh: { kind: "text", language: "sh" },
  bash: { kind: "text", language: "sh" },
  json: { kind: "text", language: "json" },
  jinja: { kind: "text", language: "jinja" },
  j2: { kind: "text", language: "jinja" },
};

export function fileKind(path: string): FileKind {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1) : "";
  return EXTENSIONS[extension] ?? { kind: "text", language: "text" };
}

/** Bytes that are not text: a NUL byte in the first few KB (as git decides). */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

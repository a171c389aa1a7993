// The `.gitattributes` every new repository starts with (hub-api.md §6): the hub's own lists, byte for byte, so
// the initial commit's blob ids match the hub's (model/space a6344aac…, dataset 55cab133…).
import type { RepoType } from "./repo-ref.js";

const MODEL_PATTERNS = [
  "*.7z",
  "*.arrow",
  "*.bin",
  "*.bz2",
  "*.ckpt",
  "*.ftz",
  "*.gz",
  "*.h5",
  "*.joblib",
  "*.lfs.*",
  "*.mlmodel",
  "*.model",
  "*.msgpack",
  "*.npy",
  "*.npz",
  "*.onnx",
  "*.ot",
  "*.parquet",
  "*.pb",
  "*.pickle",
  "*.pkl",
  "*.pt",
  "*.pth",
  "*.rar",
  "*.safetensors",
  "saved_model/**/*",
  "*.tar.*",
  "*.tar",
  "*.tflite",
  "*.tgz",
  "*.wasm",
  "*.xz",
  "*.zip",
  "*.zst",
  "*tfevents*",
];

/** Datasets add `*.lz4` after `*.lfs.*`, then commented media blocks at the end. */
const DATASET_MEDIA_BLOCKS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["# Audio files - uncompressed", ["*.pcm", "*.sam", "*.raw"]],
  ["# Audio files - compressed", ["*.aac", "*.flac", "*.mp3", "*.ogg", "*.wav"]],
  ["# Image files - uncompressed", ["*.bmp", "*.gif", "*.png", "*.tiff"]],
  ["# Image files - compressed", ["*.jpg", "*.jpeg", "*.webp"]],
  ["# Video files - compressed", ["*.mp4", "*.webm"]],
];

const line = (pattern: string) => `${pattern} filter=lfs diff=lfs merge=lfs -text\n`;

export function defaultGitattributes(type: RepoType): string {
  if (type !== "dataset") return MODEL_PATTERNS.map(line).join("");
  const patterns = [...MODEL_PATTERNS];
  patterns.splice(patterns.indexOf("*.lfs.*") + 1, 0, "*.lz4");
  let text = patterns.map(line).join("");
  for (const [comment, block] of DATASET_MEDIA_BLOCKS) text += `${comment}\n${block.map(line).join("")}`;
  return text;
}

// Which files get the browser editor: text in git (not LFS), at most 1 MB, not a known binary or media format.
// (The editor checks the bytes again: a NUL byte means binary.) The others can be replaced or deleted.

import { fileKind } from "../repo/file-kind";
import type { TreeItem } from "../repo/repo-data";

export const MAX_EDIT_BYTES = 1024 * 1024;

const BINARY =
  /\.(?:bin|pt|pth|ckpt|onnx|h5|msgpack|pkl|pickle|npy|npz|zip|gz|tgz|bz2|xz|zst|tar|7z|parquet|arrow|model|tflite|pb|ot|so|dll|exe|pdf|woff2?|ttf|ico|lfs)$/i;

export function browserEditable(entry: Pick<TreeItem, "path" | "size" | "lfs">): boolean {
  if (entry.lfs || entry.size > MAX_EDIT_BYTES || BINARY.test(entry.path)) return false;
  const kind = fileKind(entry.path).kind;
  return kind === "text" || kind === "markdown";
}

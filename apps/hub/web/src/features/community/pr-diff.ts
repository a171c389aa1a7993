// A pull request's unified diff (the `diff` of `GET …/discussions/{num}?diff=1`, git's format) split into files for
// the diff view shared with the commit page. Bounded: at most MAX_FILES files and MAX_DIFF_CHARS characters are
// read, the rest is reported as left out, so a hostile or huge diff cannot stall the page.

export const MAX_DIFF_CHARS = 2_000_000;
export const MAX_FILES = 300;

export interface DiffFile {
  path: string;
  oldPath?: string;
  status: "added" | "modified" | "deleted" | "renamed";
  binary: boolean;
  /** From the first `@@` line on ("" when the file has no hunks). */
  patch: string;
}

export interface ParsedDiff {
  files: DiffFile[];
  truncated: boolean;
}

const HEADER = /^diff --git a\/(.+?) b\/(.+)$/;

export function parseDiff(diff: string): ParsedDiff {
  const truncated = diff.length > MAX_DIFF_CHARS;
  const lines = (truncated ? diff.slice(0, MAX_DIFF_CHARS) : diff).split("\n");
  const files: DiffFile[] = [];
  let current: (DiffFile & { body: string[] }) | undefined;
  let more = truncated;
  const flush = () => {
    if (current === undefined) return;
    const { body, ...file } = current;
    files.push({ ...file, patch: body.join("\n") });
  };
  for (const line of lines) {
    const header = HEADER.exec(line);
    if (header !== null) {
      flush();
      if (files.length >= MAX_FILES) {
        current = undefined;
        more = true;
        break;
      }
      current = { path: header[2] ?? "", status: "modified", binary: false, patch: "", body: [] };
      if (header[1] !== header[2]) current.oldPath = header[1];
      continue;
    }
    if (current === undefined) continue;
    if (current.body.length === 0) {
      // Extended header lines, before the first hunk.
      if (line.startsWith("new file mode")) current.status = "added";
      else if (line.startsWith("deleted file mode")) current.status = "deleted";
      else if (line.startsWith("rename to ") || line.startsWith("rename from ")) current.status = "renamed";
      else if (line.startsWith("Binary files ") || line === "GIT binary patch") current.binary = true;
      if (!line.startsWith("@@")) continue;
    }
    current.body.push(line);
  }
  flush();
  return { files, truncated: more };
}

// What a drag-and-drop hands the upload page: files and whole folders, each file with its path relative to what was
// dropped ("samples/deep/b.txt"). Folders arrive as entries (`DataTransferItem.webkitGetAsEntry`), walked here with
// bounds, since a dropped folder can be a home directory: at most MAX_DROPPED_FILES files and MAX_DROP_DEPTH folder
// levels, each folder read in its batches until empty (readEntries answers up to ~100 at a time), and `.git/`
// folders skipped (a clone's history is not what one means to upload; git pushes it). What is left out is counted
// so the page can say so instead of failing silently.

export const MAX_DROPPED_FILES = 500;
export const MAX_DROP_DEPTH = 20;
/** Entries read in all (files, folders, skipped ones): a bound on the walk even when most entries are skipped. */
export const MAX_DROP_ENTRIES = 5_000;

/** The parts of the File and Directory Entries API the walk uses (a browser's FileSystemEntry, or a test's). */
export interface DropEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}
export interface DropFileEntry extends DropEntry {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
export interface DropDirectoryEntry extends DropEntry {
  createReader(): { readEntries(success: (entries: DropEntry[]) => void, failure?: (error: unknown) => void): void };
}

export interface DroppedFile {
  file: File;
  /** The path below what was dropped, "/"-separated. */
  name: string;
}

export interface DropResult {
  files: DroppedFile[];
  /** Files not taken: past the count bound or the depth bound, or unreadable. */
  leftOut: number;
  /** `.git` folders skipped. */
  skippedGit: number;
}

function readFile(entry: DropFileEntry): Promise<File | undefined> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(undefined)));
}

function readBatch(reader: ReturnType<DropDirectoryEntry["createReader"]>): Promise<DropEntry[]> {
  return new Promise((resolve) => reader.readEntries(resolve, () => resolve([])));
}

/** Walks the dropped entries depth first, in the order given, within the bounds above. */
export async function walkDropEntries(roots: readonly DropEntry[]): Promise<DropResult> {
  const result: DropResult = { files: [], leftOut: 0, skippedGit: 0 };
  let seen = 0;
  const visit = async (entry: DropEntry, prefix: string, depth: number): Promise<void> => {
    seen += 1;
    if (seen > MAX_DROP_ENTRIES) {
      result.leftOut += 1;
      return;
    }
    const name = `${prefix}${entry.name}`;
    if (entry.isFile) {
      if (result.files.length >= MAX_DROPPED_FILES) {
        result.leftOut += 1;
        return;
      }
      const file = await readFile(entry as DropFileEntry);
      if (file === undefined) result.leftOut += 1;
      else result.files.push({ file, name });
      return;
    }
    if (!entry.isDirectory) return;
    if (entry.name === ".git") {
      result.skippedGit += 1;
      return;
    }
    if (depth >= MAX_DROP_DEPTH) {
      result.leftOut += 1;
      return;
    }
    const reader = (entry as DropDirectoryEntry).createReader();
    // readEntries gives a folder in batches; an empty batch means the folder is done.
    for (;;) {
      const batch = await readBatch(reader);
      if (batch.length === 0 || seen > MAX_DROP_ENTRIES) break;
      for (const child of batch) await visit(child, `${name}/`, depth + 1);
    }
  };
  for (const root of roots) await visit(root, "", 0);
  return result;
}

/**
 * The files of a drop event's DataTransfer: folders walked through their entries (read synchronously here, since
 * the DataTransfer is emptied once the event handler returns), plain files as they are where no entry is offered.
 */
export function droppedFiles(transfer: DataTransfer): Promise<DropResult> {
  const items = [...transfer.items].filter((item) => item.kind === "file");
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (items.length > 0 && entries.every((entry) => entry !== null))
    return walkDropEntries(entries as unknown as DropEntry[]);
  const files = [...transfer.files];
  return Promise.resolve({
    files: files.slice(0, MAX_DROPPED_FILES).map((file) => ({ file, name: file.name })),
    leftOut: Math.max(0, files.length - MAX_DROPPED_FILES),
    skippedGit: 0,
  });
}

/** Says what a drop left out, or undefined when it took everything. */
export function dropNotice(result: DropResult): string | undefined {
  const parts: string[] = [];
  if (result.skippedGit > 0) parts.push("the .git folder was skipped");
  if (result.leftOut > 0)
    parts.push(
      `${result.leftOut} ${result.leftOut === 1 ? "item was" : "items were"} left out (at most ${MAX_DROPPED_FILES} files, ${MAX_DROP_DEPTH} folder levels)`,
    );
  return parts.length === 0 ? undefined : `From what you dropped, ${parts.join("; ")}.`;
}

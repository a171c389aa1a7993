// Shared helpers of the tiny models' files.
import type { SeedFile } from "../seed-files.js";

export const jsonFile = (path: string, value: unknown): SeedFile => ({
  path,
  content: Buffer.from(`${JSON.stringify(value, null, 2)}\n`),
});

export const textFile = (path: string, text: string): SeedFile => ({ path, content: Buffer.from(text) });

/** A vocabulary map as a JSON object in id order. */
export const vocabObject = (vocab: ReadonlyMap<string, number>): Record<string, number> =>
  Object.fromEntries([...vocab].sort((a, b) => a[1] - b[1]));

// The committed sample files of some seed datasets (seed/samples/{owner}/{name}/: Parquet written by
// seed/samples/make-samples.py, JSON lines): read once per dataset when the seed writes its repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { HUB_DIR } from "../config.js";
import type { SeedFile } from "./seed-files.js";

const SAMPLES_DIR = join(HUB_DIR, "server/seed/samples");
const SAMPLE_FILE = /^sample\.(parquet|jsonl|csv)$/;

/** The dataset's sample files as `data/<name>`, or none (the seed then writes its CSV sample). */
export function datasetSamples(id: string, root = SAMPLES_DIR): SeedFile[] {
  const [owner, name] = id.split("/");
  if (owner === undefined || name === undefined) return [];
  const dir = join(root, owner, name);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => SAMPLE_FILE.test(file))
    .sort()
    .map((file) => ({ path: `data/${file}`, content: readFileSync(join(dir, file)) }));
}

// One split of an image or audio folder → one Parquet file, as the hub's folder builders write it: the media column
// (`image` / `audio`) a struct `{bytes, path}` of the file's bytes (DuckDB's `read_blob` on the job's work folder)
// and its base name, then the metadata file's columns joined on `file_name` (which the media column replaces in
// place) or a `label` class index from the parent folder. The `datasets` features go in the Parquet file's
// `huggingface` key-value metadata so `load_dataset` of the converted ref decodes images and audio. Every file's
// size and first bytes are checked before DuckDB reads it.
import { open } from "node:fs/promises";
import { ConversionError } from "./conversion-error.js";
import { type ConvertLimits, describeOutput, message, reader, type SplitOutput } from "./convert-split.js";
import { type DuckDbPool, EngineError } from "./engine.js";
import { type Feature, featureOf } from "./features.js";
import { baseName, type FolderPlan, folderOf, relativeTo } from "./folder-discovery.js";
import { HEAD_BYTES, mediaTypeOf } from "./media-types.js";
import { Params, quoteIdentifier } from "./sql-emit.js";

export interface LocalMedia {
  /** Path in the repository. */
  path: string;
  /** The copy in the work folder. */
  local: string;
}

const FILE_NAME = "file_name";
/** Rows per row group of a media split (as `datasets` writes them): a page of rows reads one group, not 10 000 files. */
const MEDIA_ROW_GROUP_ROWS = 100;

async function head(local: string): Promise<Buffer> {
  const handle = await open(local, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Refuses a split whose media files are over the per-file limit, before any is copied. */
export function checkMediaSizes(files: readonly { path: string; size: number }[], maxFileBytes: number): void {
  const big = files.find((file) => file.size > maxFileBytes);
  if (big !== undefined)
    throw new ConversionError(
      "DatasetTooBigError",
      `The file ${big.path} has ${big.size} bytes, more than this hub converts for one file (${maxFileBytes})`,
    );
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function convertFolderSplit(
  pool: DuckDbPool,
  folder: FolderPlan,
  media: readonly LocalMedia[],
  metadataLocal: string | undefined,
  output: string,
  limits: ConvertLimits,
): Promise<SplitOutput> {
  for (const file of media)
    if (mediaTypeOf(await head(file.local), folder.kind) === undefined)
      throw new ConversionError("MalformedFileError", `The file ${file.path} is not an ${folder.kind} file`);
  const column = folder.kind;
  const metaFolder = folder.metadata === undefined ? "" : folderOf(folder.metadata.path);
  const params = new Params();
  const locals = params.add(media.map((file) => file.local));
  const keys = params.add(media.map((file) => relativeTo(metaFolder, file.path)));
  const names = params.add(media.map((file) => baseName(file.path)));
  const labels = params.add(media.map((file) => baseName(folderOf(file.path))));
  const struct = `{'bytes': b.content, 'path': f.name}`;
  const features: Record<string, Feature> = {};
  const overrides = new Map<string, Feature>();
  const mediaFeature: Feature = { _type: column === "image" ? "Image" : "Audio" };
  let select: string;
  let from: string;
  try {
    if (folder.metadata !== undefined && metadataLocal !== undefined) {
      const format = folder.metadata.path.toLowerCase().endsWith(".csv") ? "csv" : "jsonl";
      const described = await pool.query(
        [{ sql: `DESCRIBE SELECT * FROM ${reader(format, limits.maxLineBytes)}`, params: [metadataLocal] }],
        limits.timeoutMs,
      );
      const metaReader = reader(format, limits.maxLineBytes).replace("$1", params.add(metadataLocal));
      const columns = described.rows.map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
      if (!columns.some((meta) => meta.name === FILE_NAME && meta.type === "VARCHAR"))
        throw new ConversionError(
          "MalformedFileError",
          `The metadata file ${folder.metadata.path} has no text ${FILE_NAME} column`,
        );
      if (columns.some((meta) => meta.name === column))
        throw new ConversionError(
          "MalformedFileError",
          `The metadata file ${folder.metadata.path} has a column named ${column} already`,
        );
      const parts: string[] = [];
      for (const meta of columns) {
        if (meta.name === FILE_NAME) {
          parts.push(`${struct} AS ${quoteIdentifier(column)}`);
          features[column] = mediaFeature;
          overrides.set(column, mediaFeature);
        } else {
          parts.push(`m.${quoteIdentifier(meta.name)}`);
          features[meta.name] = featureOf(meta.type);
        }
      }
      select = parts.join(", ");
      from = `(SELECT row_number() OVER () AS __hubkit_n, * FROM ${metaReader}) AS m
              JOIN files AS f ON regexp_replace(m.${quoteIdentifier(FILE_NAME)}, '^\\./', '') = f.key
              JOIN blobs AS b ON b.filename = f.local ORDER BY m.__hubkit_n`;
    } else {
      select = `${struct} AS ${quoteIdentifier(column)}`;
      features[column] = mediaFeature;
      overrides.set(column, mediaFeature);
      if (folder.labels !== undefined) {
        select += `, (list_position(${params.add(folder.labels)}::VARCHAR[], f.label) - 1)::BIGINT AS label`;
        const label: Feature = { names: folder.labels, _type: "ClassLabel" };
        features.label = label;
        overrides.set("label", label);
      }
      from = "files AS f JOIN blobs AS b ON b.filename = f.local ORDER BY f.key";
    }
    const target = params.add(output);
    const huggingface = JSON.stringify({ info: { features } });
    const copy = `COPY (
        WITH files AS (SELECT unnest(${locals}::VARCHAR[]) AS local, unnest(${keys}::VARCHAR[]) AS key,
                              unnest(${names}::VARCHAR[]) AS name, unnest(${labels}::VARCHAR[]) AS label),
             blobs AS (SELECT filename, content FROM read_blob(${locals}))
        SELECT ${select} FROM ${from}
      ) TO ${target} (FORMAT parquet, ROW_GROUP_SIZE ${Math.min(limits.rowGroupRows, MEDIA_ROW_GROUP_ROWS)}, COMPRESSION zstd,
                     KV_METADATA {huggingface: ${sqlString(huggingface)}})`;
    await pool.query([{ sql: copy, params: params.values }], limits.timeoutMs);
    const described = await describeOutput(pool, output, limits.timeoutMs);
    return {
      ...described,
      columns: described.columns.map((out) => {
        const feature = overrides.get(out.name);
        return feature === undefined ? out : { ...out, feature };
      }),
    };
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    if (error instanceof EngineError)
      throw new ConversionError("MalformedFileError", `The ${column} folder could not be read: ${message(error)}`);
    throw new ConversionError("DatasetConversionError", `The conversion failed: ${message(error)}`);
  }
}

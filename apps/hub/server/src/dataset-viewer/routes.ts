// The dataset-viewer API (README.md §1) under its base path: `/is-valid`, `/splits`, `/first-rows`, `/rows`,
// `/search`, `/filter`, `/parquet`, `/info`, `/size`, `/statistics`. Every route reads the dataset through the
// hub's access decision (access.ts) and answers from the converted files only.
import type { Context, Hono } from "hono";
import { baseUrl } from "../api/repo-url.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import {
  converted,
  findConfig,
  findSplit,
  integerParam,
  readableDataset,
  requiredParam,
  viewerError,
} from "./access.js";
import type { ConversionResult, ConvertedSplit } from "./conversion-store.js";
import { columnFeature } from "./features.js";
import { invalid, parseOrderBy, parseWhere } from "./filter-parser.js";
import { featuresOf, filterRows, MAX_LENGTH, pageRows, searchRows } from "./rows.js";
import { type DatasetViewerService, openDatasetViewer } from "./service.js";
import { computeStatistics } from "./statistics.js";

const MAX_QUERY = 1000;

function splitOf(c: Context, result: ConversionResult): ConvertedSplit {
  return findSplit(result, requiredParam(c, "config"), requiredParam(c, "split"));
}

function page(c: Context) {
  return {
    offset: integerParam(c, "offset", 0, Number.MAX_SAFE_INTEGER),
    length: integerParam(c, "length", MAX_LENGTH, MAX_LENGTH),
  };
}

function fileOf(viewer: DatasetViewerService, split: ConvertedSplit): string {
  const file = split.files[0];
  if (file === undefined) throw viewerError(500, "ResponseNotReady", "The split has no Parquet file");
  return viewer.localPath(file);
}

function parquetUrl(c: Context, dataset: string, split: ConvertedSplit, filename: string): string {
  const path = [split.config, split.split, filename].map(encodeURIComponent).join("/");
  return `${baseUrl(c)}/datasets/${dataset}/resolve/${encodeURIComponent("refs/convert/parquet")}/${path}`;
}

function infoOf(dataset: string, config: ConversionResult["configs"][number]) {
  const first = config.splits[0];
  const features: Record<string, unknown> = {};
  for (const column of first?.columns ?? []) features[column.name] = columnFeature(column);
  const splits: Record<string, unknown> = {};
  for (const split of config.splits)
    splits[split.split] = {
      name: split.split,
      num_bytes: split.uncompressedBytes,
      num_examples: split.numRows,
      dataset_name: dataset,
    };
  const sum = (pick: (split: ConvertedSplit) => number) =>
    config.splits.reduce((total, split) => total + pick(split), 0);
  return {
    dataset_name: dataset,
    config_name: config.config,
    features,
    splits,
    download_size: sum((split) => split.sourceBytes),
    dataset_size: sum((split) => split.uncompressedBytes),
  };
}

function sizeOf(dataset: string, configs: ConversionResult["configs"]) {
  const parquetBytes = (split: ConvertedSplit) => split.files.reduce((total, file) => total + file.size, 0);
  const splits = configs.flatMap((config) =>
    config.splits.map((split) => ({
      dataset,
      config: config.config,
      split: split.split,
      num_bytes_parquet_files: parquetBytes(split),
      num_bytes_memory: split.uncompressedBytes,
      num_rows: split.numRows,
      num_columns: split.columns.length,
    })),
  );
  const configEntries = configs.map((config) => ({
    dataset,
    config: config.config,
    num_bytes_original_files: config.splits.reduce((total, split) => total + split.sourceBytes, 0),
    num_bytes_parquet_files: config.splits.reduce((total, split) => total + parquetBytes(split), 0),
    num_bytes_memory: config.splits.reduce((total, split) => total + split.uncompressedBytes, 0),
    num_rows: config.splits.reduce((total, split) => total + split.numRows, 0),
    num_columns: config.splits[0]?.columns.length ?? 0,
  }));
  return { splits, configs: configEntries };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const viewer = openDatasetViewer(ctx);
  if (viewer === undefined) return;
  const base = viewer.limits.basePath;
  const open = (c: Context<HubEnv>) => readableDataset(ctx, viewer, c);

  app.get(`${base}/is-valid`, async (c) => {
    const { row } = await open(c);
    const ok = row.state === "done";
    return c.json({ preview: ok, viewer: ok, search: ok, filter: ok, statistics: ok });
  });

  app.get(`${base}/splits`, async (c) => {
    const { ref, row } = await open(c);
    const result = converted(row);
    const splits = result.configs.flatMap((config) =>
      config.splits.map((split) => ({ dataset: ref.id, config: config.config, split: split.split })),
    );
    return c.json({ splits, pending: [], failed: [] });
  });

  app.get(`${base}/first-rows`, async (c) => {
    const { ref, row } = await open(c);
    const split = splitOf(c, converted(row));
    const rows = await pageRows(viewer.queries, fileOf(viewer, split), split, 0, MAX_LENGTH, true);
    return c.json({
      dataset: ref.id,
      config: split.config,
      split: split.split,
      features: featuresOf(split),
      rows,
      truncated: split.numRows > rows.length,
    });
  });

  const rowsAnswer = (split: ConvertedSplit, rows: unknown[], total: number) => ({
    features: featuresOf(split),
    rows,
    num_rows_total: total,
    num_rows_per_page: MAX_LENGTH,
    partial: false,
  });

  app.get(`${base}/rows`, async (c) => {
    const { row } = await open(c);
    const split = splitOf(c, converted(row));
    const { offset, length } = page(c);
    const rows =
      offset >= split.numRows ? [] : await pageRows(viewer.queries, fileOf(viewer, split), split, offset, length);
    return c.json(rowsAnswer(split, rows, split.numRows));
  });

  app.get(`${base}/search`, async (c) => {
    const { row } = await open(c);
    const split = splitOf(c, converted(row));
    const query = requiredParam(c, "query");
    if (query.length > MAX_QUERY) throw invalid(`Parameter 'query' is longer than ${MAX_QUERY} characters`);
    const { offset, length } = page(c);
    const found = await searchRows(viewer.queries, fileOf(viewer, split), split, query, offset, length);
    return c.json(rowsAnswer(split, found.rows, found.total));
  });

  app.get(`${base}/filter`, async (c) => {
    const { row } = await open(c);
    const split = splitOf(c, converted(row));
    const whereText = c.req.query("where") ?? "";
    const orderText = c.req.query("orderby") ?? "";
    if (whereText.trim() === "" && orderText.trim() === "")
      throw viewerError(400, "ParameterMissingError", "Parameter 'where' or 'orderby' is required");
    const columns = new Set(split.columns.map((column) => column.name));
    const where = whereText.trim() === "" ? undefined : parseWhere(whereText, columns);
    const orderBy = orderText.trim() === "" ? [] : parseOrderBy(orderText, columns);
    const { offset, length } = page(c);
    const found = await filterRows(viewer.queries, fileOf(viewer, split), split, where, orderBy, offset, length).catch(
      (error: unknown) => {
        // DuckDB refusing a well-formed condition (a string compared with a number column …) is the caller's 400.
        if (error instanceof Error && error.name === "EngineError")
          throw invalid(`The filter cannot be applied: ${error.message.split("\n")[0]?.slice(0, 300)}`);
        throw error;
      },
    );
    return c.json(rowsAnswer(split, found.rows, found.total));
  });

  app.get(`${base}/parquet`, async (c) => {
    const { ref, row } = await open(c);
    const configs = findConfig(converted(row), c.req.query("config"));
    const files = configs.flatMap((config) =>
      config.splits.flatMap((split) =>
        split.files.map((file) => ({
          dataset: ref.id,
          config: config.config,
          split: split.split,
          url: parquetUrl(c, ref.id, split, file.filename),
          filename: file.filename,
          size: file.size,
        })),
      ),
    );
    return c.json({ parquet_files: files, pending: [], failed: [], partial: false });
  });

  app.get(`${base}/info`, async (c) => {
    const { ref, row } = await open(c);
    const config = c.req.query("config");
    const configs = findConfig(converted(row), config);
    if (config !== undefined && config !== "" && configs[0] !== undefined)
      return c.json({ dataset_info: infoOf(ref.id, configs[0]), partial: false });
    const info: Record<string, unknown> = {};
    for (const entry of configs) info[entry.config] = infoOf(ref.id, entry);
    return c.json({ dataset_info: info, pending: [], failed: [], partial: false });
  });

  app.get(`${base}/size`, async (c) => {
    const { ref, row } = await open(c);
    const result = converted(row);
    const config = c.req.query("config");
    const { splits, configs } = sizeOf(ref.id, findConfig(result, config));
    if (config !== undefined && config !== "") return c.json({ size: { config: configs[0], splits }, partial: false });
    const total = (pick: (entry: (typeof configs)[number]) => number) =>
      configs.reduce((sum, entry) => sum + pick(entry), 0);
    return c.json({
      size: {
        dataset: {
          dataset: ref.id,
          num_bytes_original_files: result.sourceBytes,
          num_bytes_parquet_files: total((entry) => entry.num_bytes_parquet_files),
          num_bytes_memory: total((entry) => entry.num_bytes_memory),
          num_rows: total((entry) => entry.num_rows),
        },
        configs,
        splits,
      },
      pending: [],
      failed: [],
      partial: false,
    });
  });

  app.get(`${base}/statistics`, async (c) => {
    const { ref, row } = await open(c);
    const split = splitOf(c, converted(row));
    const cached = await viewer.store.cachedStatistics(ref.id, row.revision, split.config, split.split);
    if (cached !== undefined && cached !== null) return c.json(cached);
    const body = await computeStatistics(viewer.queries, fileOf(viewer, split), split.numRows, split.columns);
    await viewer.store.storeStatistics(ref.id, row.revision, split.config, split.split, body);
    return c.json(body);
  });
}

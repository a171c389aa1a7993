// `POST /api/validate-yaml` `{content, repoType}` (huggingface_hub `RepoCard.validate`, `metadata_update`, every
// card push): the card's front matter checked as the hub checks it before accepting a README — valid bounded YAML
// (derive/yaml-bounds.ts), a mapping, and the fields the hub reads with their shapes: `license` ids from the hub's
// list, `language` codes shaped like ISO 639-1/2/3 (with optional subtags), `datasets`/`tags`/`base_model` strings,
// `widget` a list of objects, a model's `model-index` (name, results of task/dataset/metrics), a space's `sdk`.
// Errors → 400 `{errors: [{message}], warnings, error}`; the client prints each `message`. A card without metadata
// answers 200 with the hub's warning, which the client shows as a Python warning.
import { PIPELINE_TYPES_SET } from "@hubkit/tasks";
import type { Context } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { extractFrontMatter, parseCardYaml } from "../derive/card.js";
import { MAX_README_BYTES } from "../derive/metadata.js";
import { parseRepoType } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { readJsonObject } from "./json-body.js";
import { HUB_LICENSES } from "./licenses.js";

export interface YamlReport {
  errors: Array<{ message: string }>;
  warnings: Array<{ message: string }>;
}

/** The hub's warning for a card with no (or an empty) front matter block. */
export const EMPTY_METADATA_WARNING =
  "Empty or missing yaml metadata in repo card (https://huggingface.co/docs/hub/model-cards#model-card-metadata)";

/** Most messages one answer lists (a card of 10 000 bad tags gets the first few, not 10 000 lines). */
const MAX_MESSAGES = 50;
/** ISO 639-1 (2 letters), 639-2/3 (3 letters), optionally with BCP 47 subtags (`en-US`, `zh-Hant`). */
const LANGUAGE = /^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
const SPACE_SDKS: ReadonlySet<string> = new Set(["gradio", "streamlit", "docker", "static"]);

const describe = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

class Checker {
  readonly report: YamlReport = { errors: [], warnings: [] };

  error(message: string): void {
    if (this.report.errors.length < MAX_MESSAGES) this.report.errors.push({ message });
  }

  warn(message: string): void {
    if (this.report.warnings.length < MAX_MESSAGES) this.report.warnings.push({ message });
  }

  /** A string or a list of strings; each string passes `valid` (else `invalid(value)` names the problem). */
  stringOrList(key: string, value: unknown, valid?: (text: string) => boolean, invalid?: (text: string) => string) {
    const items = Array.isArray(value) ? value : [value];
    if (items.some((item) => typeof item !== "string")) {
      this.error(`"${key}" must be a string or a list of strings`);
      return;
    }
    if (valid === undefined || invalid === undefined) return;
    for (const item of items as string[]) if (!valid(item)) this.error(invalid(item));
  }

  modelIndex(value: unknown): void {
    if (!Array.isArray(value)) {
      this.error('"model-index" must be an array');
      return;
    }
    for (const [i, entry] of value.entries()) {
      const at = `model-index[${i}]`;
      if (!isObject(entry)) {
        this.error(`"${at}" must be an object`);
        continue;
      }
      if (typeof entry.name !== "string" || entry.name === "") this.error(`"${at}.name" must be a non-empty string`);
      if (!Array.isArray(entry.results)) this.error(`"${at}.results" must be an array`);
      else for (const [j, result] of entry.results.entries()) this.result(`${at}.results[${j}]`, result);
    }
  }

  private result(at: string, result: unknown): void {
    if (!isObject(result)) {
      this.error(`"${at}" must be an object`);
      return;
    }
    const { task, dataset, metrics } = result;
    if (!isObject(task)) this.error(`"${at}.task" must be an object`);
    else if (typeof task.type !== "string" || task.type === "") this.error(`"${at}.task.type" is required`);
    if (!isObject(dataset)) this.error(`"${at}.dataset" must be an object`);
    else
      for (const key of ["name", "type"] as const)
        if (typeof dataset[key] !== "string" || dataset[key] === "") this.error(`"${at}.dataset.${key}" is required`);
    if (!Array.isArray(metrics)) {
      this.error(`"${at}.metrics" must be an array`);
      return;
    }
    for (const [k, metric] of metrics.entries()) {
      if (!isObject(metric)) this.error(`"${at}.metrics[${k}]" must be an object`);
      else {
        if (typeof metric.type !== "string" || metric.type === "") this.error(`"${at}.metrics[${k}].type" is required`);
        if (metric.value === undefined || metric.value === null) this.error(`"${at}.metrics[${k}].value" is required`);
      }
    }
  }
}

/** Validates a README's front matter for a repository of `repoType` as the hub does. */
export function validateReadme(content: string, repoType: string): YamlReport {
  const check = new Checker();
  const block = extractFrontMatter(content);
  if (block === undefined) {
    check.warn(EMPTY_METADATA_WARNING);
    return check.report;
  }
  const parsed = parseCardYaml(block.yaml);
  if (!parsed.ok) {
    for (const message of parsed.errors) check.error(message);
    return check.report;
  }
  const card = parsed.cardData;
  if (card === undefined || Object.keys(card).length === 0) {
    check.warn(EMPTY_METADATA_WARNING);
    return check.report;
  }
  const present = (key: string) => card[key] !== undefined && card[key] !== null;
  if (present("license"))
    check.stringOrList(
      "license",
      card.license,
      (id) => HUB_LICENSES.has(id),
      (id) => `"license" must be one of the hub's license identifiers (or "other"), not ${describe(id)}`,
    );
  if (present("language"))
    check.stringOrList(
      "language",
      card.language,
      (code) => LANGUAGE.test(code),
      (code) => `"language" must be ISO 639-1, 639-2 or 639-3 codes, not ${describe(code)}`,
    );
  for (const key of ["datasets", "tags", "base_model", "metrics"]) if (present(key)) check.stringOrList(key, card[key]);
  if (present("widget") && (!Array.isArray(card.widget) || !card.widget.every(isObject)))
    check.error('"widget" must be a list of objects');
  if (repoType === "model") {
    if (present("model-index")) check.modelIndex(card["model-index"]);
    const pipeline = card.pipeline_tag;
    if (present("pipeline_tag") && (typeof pipeline !== "string" || !PIPELINE_TYPES_SET.has(pipeline as never)))
      check.warn(`"pipeline_tag" is not a known task: ${describe(pipeline)}`);
  }
  if (repoType === "space" && present("sdk") && (typeof card.sdk !== "string" || !SPACE_SDKS.has(card.sdk)))
    check.error(`"sdk" must be one of gradio, streamlit, docker, static, not ${describe(card.sdk)}`);
  return check.report;
}

/** A 400 in the shape the client reads: the list, and `error` (every hub error carries one) joining it. */
function refused(c: Context<HubEnv>, report: YamlReport): Response {
  const error = `Invalid metadata in README.md: ${report.errors.map((entry) => entry.message).join("; ")}`.slice(
    0,
    2000,
  );
  c.header("X-Error-Message", error.replace(/[^\x20-\x7e]/g, "?"));
  return c.json({ ...report, error }, 400);
}

export async function validateYaml(c: Context<HubEnv>): Promise<Response> {
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(c, MAX_README_BYTES * 2);
  } catch (error) {
    const message = error instanceof ApiError ? error.message : "Invalid request body";
    return refused(c, { errors: [{ message }], warnings: [] });
  }
  const { content, repoType } = body;
  if (typeof content !== "string")
    return refused(c, { errors: [{ message: '"content" must be the README text' }], warnings: [] });
  const type = parseRepoType(repoType ?? "model");
  if (type === undefined)
    return refused(c, { errors: [{ message: '"repoType" must be model, dataset or space' }], warnings: [] });
  const report = validateReadme(content, type);
  return report.errors.length > 0 ? refused(c, report) : c.json(report);
}

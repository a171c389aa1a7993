// Which file requests count as a download (hub-api.md §7.6): for models, the "query files" of the repository's
// library (the catalogue's `countDownloads`), else the hub's default query files; every GGUF file; for
// diffusers, the pipeline index and top-level weights. Datasets count requests for data files (not the card or
// git's own files), at most once per client and repository per 5 minutes (store/download-window.ts). Spaces are
// not downloaded. A byte range that does not start at byte 0 is a partial read (a viewer's footer or page read, a
// resumed download), never a new download.
import { libraries } from "../catalog.js";
import type { RepoType } from "../repos/repo-ref.js";

const DEFAULT_QUERY_FILES = new Set(["config.json", "config.yaml", "hyperparams.yaml", "params.json", "meta.yaml"]);
const DIFFUSERS_FILES = new Set(["model_index.json", "modular_model_index.json"]);
const NOT_DATA = new Set(["README.md", ".gitattributes", ".gitignore"]);

/**
 * The catalogue writes `countDownloads` as an Elasticsearch query string (`path:"x.json" OR path_extension:"nemo"
 * OR path_filename:"y" OR path_prefix:"z/"`); these are the four clause kinds it uses.
 */
interface PathRule {
  kind: "path" | "path_extension" | "path_filename" | "path_prefix";
  value: string;
}

const CLAUSE = /(path|path_extension|path_filename|path_prefix):\s*"([^"]{1,200})"/g;

function parseRules(text: string): PathRule[] {
  return [...text.matchAll(CLAUSE)].map((match) => ({
    kind: match[1] as PathRule["kind"],
    value: match[2] ?? "",
  }));
}

let rulesByLibrary: Map<string, PathRule[]> | undefined;

/** The catalogue's rules by library key, parsed once. */
function allRules(): Map<string, PathRule[]> {
  if (rulesByLibrary === undefined) {
    rulesByLibrary = new Map();
    for (const entry of libraries() as readonly { key: string; countDownloads?: unknown }[])
      if (typeof entry.countDownloads === "string") rulesByLibrary.set(entry.key, parseRules(entry.countDownloads));
  }
  return rulesByLibrary;
}

function matches(rule: PathRule, path: string): boolean {
  const filename = path.slice(path.lastIndexOf("/") + 1);
  switch (rule.kind) {
    case "path":
      return path === rule.value;
    case "path_extension":
      return filename.includes(".") && filename.slice(filename.lastIndexOf(".") + 1) === rule.value;
    case "path_filename":
      return filename === rule.value || filename.slice(0, filename.lastIndexOf(".")) === rule.value;
    case "path_prefix":
      return path.startsWith(rule.value);
  }
}

export function countsAsDownload(type: RepoType, libraryName: string | null, path: string): boolean {
  if (type === "space") return false;
  if (type === "dataset") return !NOT_DATA.has(path);
  if (path.toLowerCase().endsWith(".gguf")) return true;
  if (libraryName === "diffusers") {
    if (DIFFUSERS_FILES.has(path)) return true;
    if (!path.includes("/") && /\.(safetensors|ckpt|bin)$/.test(path)) return true;
  }
  const rules = libraryName === null ? undefined : allRules().get(libraryName);
  if (rules !== undefined && rules.length > 0) return rules.some((rule) => matches(rule, path));
  return DEFAULT_QUERY_FILES.has(path);
}

/**
 * Which library names a model's `path` counts for, in a form a statement can test without reading the row first
 * (store/download-count.ts): `byDefault` says whether it counts for a library without rules of its own (none,
 * unknown, or rules that are empty), and `except` lists the libraries with rules of their own whose answer differs
 * from `byDefault`. So the path counts for `library` ⇔ byDefault XOR except.includes(library). Kept per path in a
 * bounded map (a handful of query-file names are nearly all the requests).
 */
export interface CountingLibraries {
  byDefault: boolean;
  except: string[];
}

const COUNTING_CACHE_PATHS = 1_000;
const countingByPath = new Map<string, CountingLibraries>();

export function countingLibraries(path: string): CountingLibraries {
  const known = countingByPath.get(path);
  if (known !== undefined) return known;
  const byDefault = countsAsDownload("model", null, path);
  const special = new Set([...allRules().keys(), "diffusers"]);
  const except = [...special].filter((library) => countsAsDownload("model", library, path) !== byDefault).sort();
  if (countingByPath.size >= COUNTING_CACHE_PATHS) countingByPath.clear();
  const answer = { byDefault, except };
  countingByPath.set(path, answer);
  return answer;
}

/** Whether `path` can count for a repository of `type` of some library (store/download-count.ts decides which). */
export function mayCountAsDownload(type: RepoType, path: string): boolean {
  if (type !== "model") return countsAsDownload(type, null, path);
  const libraries = countingLibraries(path);
  return libraries.byDefault || libraries.except.length > 0;
}

/** What the resolve route knows of a request: who asked (the client's address) and its `Range` header. */
export interface DownloadRequest {
  client: string;
  range?: string;
  /** The hub's own site asked while showing a page (sitePageRequest): never a download. */
  sitePage?: boolean;
}

/**
 * Whether a request is one the hub's site makes while a page is shown: the card's images, a file preview, a
 * dataset viewer's media cells, the editor's text. Browsers mark them `Sec-Fetch-Site: same-origin` with a mode
 * other than `navigate`; a visitor who opens or saves a file (a navigation) and every other client (the Python and
 * JavaScript libraries, git, curl, another site's scripts) still count. The headers are the browser's own
 * (forbidden to page scripts), so a page cannot pass its requests off as anything else; a non-browser client
 * sending them only hides its own download.
 */
export function sitePageRequest(fetchSite: string | undefined, fetchMode: string | undefined): boolean {
  return fetchSite?.trim().toLowerCase() === "same-origin" && fetchMode?.trim().toLowerCase() !== "navigate";
}

/**
 * Whether `range` (a `Range` header) asks for bytes that do not start at 0. A header the file route does not
 * understand serves the whole file (api/stream-response.ts `parseRange`), so it is not partial here either.
 */
export function isPartialRead(range: string | undefined): boolean {
  if (range === undefined) return false;
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(range.trim());
  if (match === null) return false;
  const [, first = "", last = ""] = match;
  if (first === "") return last !== ""; // `bytes=-N`: the last N bytes
  return Number(first) > 0;
}

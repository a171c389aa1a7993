// What each list page (`/models`, `/datasets`, `/spaces`) offers, as data: its facets (the page's URL parameter,
// how it reaches the API, the key of its counts in /api/web/facets) and its sorts. Parameter names are the hub's.

export type ListType = "model" | "dataset" | "space";

/** How a facet's chosen value reaches `GET /api/{type}s`: a parameter of its own, or a `filter` tag. */
export type FacetApi = { kind: "param"; name: string } | { kind: "tag"; prefix: string };

export interface FacetConfig {
  /** The page's URL parameter (`?license=mit`). */
  param: string;
  /** Other page parameters read as this one (older links). */
  aliases?: readonly string[];
  label: string;
  /** The key of its counts in the facets answer (server/src/api/web-facets.ts). */
  countsKey: string;
  api: FacetApi;
  /** "All …" option text. */
  anyLabel: string;
}

export interface SortConfig {
  value: string;
  label: string;
}

export interface ListConfig {
  type: ListType;
  path: string;
  title: string;
  /** Plural noun for messages ("No model matches…"). */
  noun: string;
  placeholder: string;
  facets: readonly FacetConfig[];
}

const license: FacetConfig = {
  param: "license",
  label: "License",
  countsKey: "license",
  api: { kind: "tag", prefix: "license:" },
  anyLabel: "Any license",
};
const author: FacetConfig = {
  param: "author",
  label: "Author",
  countsKey: "author",
  api: { kind: "param", name: "author" },
  anyLabel: "Any author",
};

export const LISTS: Record<ListType, ListConfig> = {
  model: {
    type: "model",
    path: "/models",
    title: "Models",
    noun: "model",
    placeholder: "Model name, e.g. llama",
    facets: [
      {
        param: "pipeline_tag",
        label: "Task",
        countsKey: "pipeline_tag",
        api: { kind: "param", name: "pipeline_tag" },
        anyLabel: "All tasks",
      },
      {
        param: "library",
        label: "Library",
        countsKey: "library",
        api: { kind: "param", name: "library" },
        anyLabel: "All libraries",
      },
      {
        param: "inference_provider",
        aliases: ["provider"],
        label: "Provider",
        countsKey: "provider",
        api: { kind: "param", name: "inference_provider" },
        anyLabel: "Any provider",
      },
      license,
      {
        param: "language",
        label: "Language",
        countsKey: "language",
        api: { kind: "tag", prefix: "" },
        anyLabel: "Any language",
      },
      {
        // The server's parameter-count class (server/src/derive/size-class.ts): `<1B`, `1B-10B`, …
        param: "parameters",
        label: "Size",
        countsKey: "size",
        api: { kind: "tag", prefix: "parameters:" },
        anyLabel: "Any size",
      },
      author,
    ],
  },
  dataset: {
    type: "dataset",
    path: "/datasets",
    title: "Datasets",
    noun: "dataset",
    placeholder: "Dataset name, e.g. squad",
    facets: [
      {
        param: "task_categories",
        label: "Task",
        countsKey: "task",
        api: { kind: "tag", prefix: "task_categories:" },
        anyLabel: "All tasks",
      },
      {
        param: "format",
        label: "Format",
        countsKey: "format",
        api: { kind: "tag", prefix: "format:" },
        anyLabel: "Any format",
      },
      license,
      {
        param: "language",
        label: "Language",
        countsKey: "language",
        api: { kind: "tag", prefix: "language:" },
        anyLabel: "Any language",
      },
      {
        // The card's `size_categories` (`n<1K`, `1K<n<10K`, …), as the hub tags them.
        param: "size_categories",
        label: "Size",
        countsKey: "size",
        api: { kind: "tag", prefix: "size_categories:" },
        anyLabel: "Any size",
      },
      author,
    ],
  },
  space: {
    type: "space",
    path: "/spaces",
    title: "Spaces",
    noun: "space",
    placeholder: "Space name, e.g. chat",
    facets: [
      { param: "sdk", label: "SDK", countsKey: "sdk", api: { kind: "tag", prefix: "" }, anyLabel: "Any SDK" },
      license,
      author,
    ],
  },
};

/**
 * `trendingScore` is the hub's trending sort: the server ranks by recent downloads and likes with decay, then (a
 * fresh hub) the seed's curated order (server/src/trending/).
 */
export const SORTS: readonly SortConfig[] = [
  { value: "trendingScore", label: "Trending" },
  { value: "likes", label: "Most likes" },
  { value: "downloads", label: "Most downloads" },
  { value: "lastModified", label: "Recently updated" },
  { value: "createdAt", label: "Recently created" },
];

export const DEFAULT_SORT = "trendingScore";

export function listTypeOfPath(pathname: string): ListType {
  if (pathname.startsWith("/datasets")) return "dataset";
  if (pathname.startsWith("/spaces")) return "space";
  return "model";
}

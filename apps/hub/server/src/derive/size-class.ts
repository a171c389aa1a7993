// A model's parameter-size class, indexed as a tag (`parameters:1B-10B`) so the list pages can offer it as a facet
// and `GET /api/models?filter=parameters:<1B` can narrow to it. The count is the safetensors total, else the GGUF
// total (hub-api.md §7.4). The classes are data: upper bounds (exclusive) in parameters, smallest first.

export const SIZE_TAG_PREFIX = "parameters:";

export const SIZE_CLASSES: ReadonlyArray<{ below: number; tag: string }> = [
  { below: 1e9, tag: `${SIZE_TAG_PREFIX}<1B` },
  { below: 1e10, tag: `${SIZE_TAG_PREFIX}1B-10B` },
  { below: 1e11, tag: `${SIZE_TAG_PREFIX}10B-100B` },
  { below: Number.POSITIVE_INFINITY, tag: `${SIZE_TAG_PREFIX}>100B` },
];

/** The size-class tag of a model with `total` parameters; none for an unknown or nonsensical count. */
export function sizeClassTag(total: unknown): string | undefined {
  if (typeof total !== "number" || !Number.isFinite(total) || total <= 0) return undefined;
  return SIZE_CLASSES.find((entry) => total < entry.below)?.tag;
}

function totalOf(summary: unknown): unknown {
  return typeof summary === "object" && summary !== null ? (summary as { total?: unknown }).total : undefined;
}

/**
 * `tags` with the size class of a model whose summaries are `safetensors` and `gguf` (as stored). A card's own
 * `parameters:…` tags are dropped: the class is the hub's measurement, not the author's claim.
 */
export function withSizeClass(tags: readonly string[], safetensors: unknown, gguf: unknown): string[] {
  const kept = tags.filter((tag) => !tag.startsWith(SIZE_TAG_PREFIX));
  const tag = sizeClassTag(totalOf(safetensors) ?? totalOf(gguf));
  return tag === undefined ? kept : [...kept, tag];
}

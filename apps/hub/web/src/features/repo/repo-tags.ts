// The header's chips from a repository's tags and card: which tags are facts shown on their own (task, library,
// license, languages, datasets, base models) and which stay plain tags. Pure data, so it is unit-tested.
import { type RepoId, repoPagePath } from "./repo-url";

export type ChipKind = "task" | "library" | "license" | "language" | "dataset" | "base_model" | "tag";

export interface Chip {
  kind: ChipKind;
  label: string;
  href: string;
}

const LIST_PATH: Record<RepoId["type"], string> = { model: "/models", dataset: "/datasets", space: "/spaces" };

const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.filter((v): v is string => typeof v === "string")
      : [];

const query = (list: string, name: string, value: string) => `${list}?${name}=${encodeURIComponent(value)}`;

/** A base model id as a link target: only `owner/name` ids are repositories of this hub. */
function isRepoId(value: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(value);
}

export function repoChips(
  repo: RepoId,
  facts: { tags: readonly string[]; pipeline_tag?: string; library_name?: string; cardData?: Record<string, unknown> },
): Chip[] {
  const list = LIST_PATH[repo.type];
  const chips: Chip[] = [];
  const seen = new Set<string>();
  const add = (chip: Chip, tag?: string) => {
    if (tag !== undefined) seen.add(tag);
    if (!chips.some((c) => c.kind === chip.kind && c.label === chip.label)) chips.push(chip);
  };
  if (facts.pipeline_tag)
    add(
      { kind: "task", label: facts.pipeline_tag, href: `/tasks/${encodeURIComponent(facts.pipeline_tag)}` },
      facts.pipeline_tag,
    );
  if (facts.library_name)
    add(
      { kind: "library", label: facts.library_name, href: query(list, "library", facts.library_name) },
      facts.library_name,
    );
  const card = facts.cardData ?? {};
  const languages = new Set(strings(card.language));
  for (const tag of facts.tags) {
    const [prefix, ...restParts] = tag.split(":");
    const rest = restParts.join(":");
    if (prefix === "license" && rest) add({ kind: "license", label: rest, href: query(list, "license", rest) }, tag);
    else if (prefix === "dataset" && rest)
      add(
        {
          kind: "dataset",
          label: rest,
          href: isRepoId(rest) ? repoPagePath({ type: "dataset", id: rest }) : query(list, "other", tag),
        },
        tag,
      );
    else if (prefix === "base_model" && rest) {
      const id = restParts.length > 1 && !isRepoId(rest) ? restParts.slice(1).join(":") : rest;
      if (isRepoId(id)) add({ kind: "base_model", label: id, href: repoPagePath({ type: "model", id }) }, tag);
      else seen.add(tag);
    } else if (languages.has(tag)) add({ kind: "language", label: tag, href: query(list, "language", tag) }, tag);
  }
  for (const language of languages) add({ kind: "language", label: language, href: query(list, "language", language) });
  for (const base of strings(card.base_model))
    if (isRepoId(base)) add({ kind: "base_model", label: base, href: repoPagePath({ type: "model", id: base }) });
  for (const tag of facts.tags) if (!seen.has(tag)) add({ kind: "tag", label: tag, href: query(list, "other", tag) });
  return chips;
}

// Repository identity: the three repository types, their URL prefixes and API segments, and the name rules of
// hub-api.md §5. Every route parses ids through here before touching the disk or the index.

// The reserved names (site sections, other types' URL prefixes) are one list shared with the web router.
import { isReservedNamespace } from "../../../shared/reserved-names.js";

export const REPO_TYPES = ["model", "dataset", "space"] as const;
export type RepoType = (typeof REPO_TYPES)[number];

/** A repository: its type and its `owner/name` id, exactly as stored (case preserved). */
export interface RepoRef {
  readonly type: RepoType;
  readonly id: string;
}

/** `models` / `datasets` / `spaces`: the segment in `/api/{segment}/…` and in `repos/{segment}/` on disk. */
export function apiSegment(type: RepoType): "models" | "datasets" | "spaces" {
  return `${type}s`;
}

/** `""`, `"datasets/"`, `"spaces/"`: the prefix of the repository in file, git and page URLs. */
export function urlPrefix(type: RepoType): string {
  return type === "model" ? "" : `${type}s/`;
}

export function typeFromSegment(segment: string): RepoType | undefined {
  if (segment === "models") return "model";
  if (segment === "datasets") return "dataset";
  if (segment === "spaces") return "space";
  return undefined;
}

/** The type named by a client's `type`/`repo_type` field; absent means model, as in the clients. */
export function parseRepoType(value: unknown): RepoType | undefined {
  if (value === undefined || value === null || value === "") return "model";
  return typeof value === "string" && (REPO_TYPES as readonly string[]).includes(value)
    ? (value as RepoType)
    : undefined;
}

// One id part: 1-96 ASCII letters, digits, `_`, `.`, `-`, starting and ending with a letter, digit or `_`; no `--`
// or `..`; no trailing `.git` (huggingface_hub's validate_repo_id, which mirrors the hub's own rules).
const NAME_PART = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,94}[A-Za-z0-9_])?$/;

export function isValidNamePart(part: string): boolean {
  return NAME_PART.test(part) && !part.includes("--") && !part.includes("..") && !part.endsWith(".git");
}

/** `owner/name` with both parts valid. */
export function isValidRepoId(id: string): boolean {
  const parts = id.split("/");
  return parts.length === 2 && parts.every(isValidNamePart);
}

// User and organization names (= namespaces): letters, digits and `-`; no `--`; no leading or trailing `-`; not
// all digits; 2-42 characters (the hub's published username rules).
const NAMESPACE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,40}[A-Za-z0-9])$/;

export function isValidNamespace(name: string): boolean {
  return NAMESPACE.test(name) && !name.includes("--") && !/^\d+$/.test(name) && !isReservedNamespace(name);
}

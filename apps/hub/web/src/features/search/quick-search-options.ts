// The global search's result list as data: the server's matches (/api/quicksearch) and the tasks (known to the
// page) grouped in a fixed order, then "all … matching" entries that open the list pages. Pure, unit-tested.
import { repoPagePath } from "../repo/repo-url";

export interface QuickSearchAnswer {
  q: string;
  models: Array<{ id: string }>;
  datasets: Array<{ id: string }>;
  spaces: Array<{ id: string }>;
  users: Array<{ user: string; fullname: string }>;
  orgs: Array<{ name: string; fullname: string }>;
}

export interface QuickOption {
  /** Unique within the list (used as the DOM id suffix). */
  key: string;
  group: string;
  label: string;
  detail?: string;
  href: string;
}

export interface TaskEntry {
  id: string;
  name: string;
}

const MAX_TASKS = 5;

export function matchingTasks(query: string, tasks: readonly TaskEntry[]): TaskEntry[] {
  const q = query.trim().toLowerCase();
  if (q === "") return [];
  return tasks.filter((task) => task.id.includes(q) || task.name.toLowerCase().includes(q)).slice(0, MAX_TASKS);
}

export function quickOptions(
  query: string,
  answer: QuickSearchAnswer | undefined,
  tasks: readonly TaskEntry[],
): QuickOption[] {
  const q = query.trim();
  if (q === "") return [];
  const options: QuickOption[] = [];
  const add = (option: QuickOption) => options.push(option);
  if (answer !== undefined) {
    for (const { id } of answer.models)
      add({ key: `model:${id}`, group: "Models", label: id, href: repoPagePath({ type: "model", id }) });
    for (const { id } of answer.datasets)
      add({ key: `dataset:${id}`, group: "Datasets", label: id, href: repoPagePath({ type: "dataset", id }) });
    for (const { id } of answer.spaces)
      add({ key: `space:${id}`, group: "Spaces", label: id, href: repoPagePath({ type: "space", id }) });
    for (const org of answer.orgs)
      add({
        key: `org:${org.name}`,
        group: "Organizations",
        label: org.name,
        ...(org.fullname && org.fullname !== org.name ? { detail: org.fullname } : {}),
        href: `/${encodeURIComponent(org.name)}`,
      });
    for (const user of answer.users)
      add({
        key: `user:${user.user}`,
        group: "Users",
        label: user.user,
        ...(user.fullname && user.fullname !== user.user ? { detail: user.fullname } : {}),
        href: `/${encodeURIComponent(user.user)}`,
      });
  }
  for (const task of matchingTasks(q, tasks))
    add({ key: `task:${task.id}`, group: "Tasks", label: task.name, href: `/tasks/${encodeURIComponent(task.id)}` });
  const search = encodeURIComponent(q);
  for (const [path, noun] of [
    ["/models", "models"],
    ["/datasets", "datasets"],
    ["/spaces", "spaces"],
  ] as const)
    add({
      key: `all:${noun}`,
      group: "Search",
      label: `All ${noun} matching “${q}”`,
      href: `${path}?search=${search}`,
    });
  return options;
}

/** Options grouped in order of first appearance (the listbox's groups). */
export function groupOptions(options: readonly QuickOption[]): Array<{ group: string; options: QuickOption[] }> {
  const groups: Array<{ group: string; options: QuickOption[] }> = [];
  for (const option of options) {
    const last = groups.at(-1);
    if (last?.group === option.group) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  return groups;
}

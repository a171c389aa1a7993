// A task page links the example repositories this hub has to their pages here, and the others to huggingface.co,
// saying so. The hub's API is a stub that has one model, one dataset and one metric Space of the text-generation task.
import { TASKS_DATA } from "@hubkit/tasks";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import TaskPage from "./task-page";

const task = TASKS_DATA["text-generation"];
if (task === undefined) throw new Error("the catalogue has no text-generation task");
const MODEL = task.models[0].id;
const DATASET = task.datasets[0].id;
const SPACE = task.spaces[0].id;
const METRIC = task.metrics[0].id;

const HERE = new Set([`model/${MODEL}`, `dataset/${DATASET}`, `space/evaluate-metric/${METRIC}`]);
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  // The hub's lists: an owner's repositories of a type whose name matches the search, here or not.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://hub.test");
    asked.push(`${url.pathname}?${url.searchParams}`);
    const type = /^\/api\/(model|dataset|space)s$/.exec(url.pathname)?.[1];
    const id = `${url.searchParams.get("author")}/${url.searchParams.get("search")}`;
    const items = type && HERE.has(`${type}/${id}`) ? [{ id: `${id}-large` }, { id }] : [{ id: `${id}-large` }];
    return new Response(JSON.stringify(items), { status: 200, headers: { "content-type": "application/json" } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function linkOf(list: string, name: string | RegExp): HTMLAnchorElement {
  const section = screen.getByRole("heading", { name: list }).closest("section");
  if (section === null) throw new Error(`no ${list} section`);
  const link = [...section.querySelectorAll("a")].find((a) =>
    typeof name === "string" ? a.textContent?.startsWith(name) : name.test(a.textContent ?? ""),
  );
  if (link === undefined) throw new Error(`no link ${name} in ${list}`);
  return link;
}

describe("task page example repositories", () => {
  test("repositories this hub has link here; the others to huggingface.co, marked as external", async () => {
    render(<TaskPage params={{ taskId: "text-generation" }} />);
    await waitFor(() => expect(linkOf("Models", MODEL).getAttribute("href")).toBe(`/${MODEL}`));
    expect(linkOf("Datasets", DATASET).getAttribute("href")).toBe(`/datasets/${DATASET}`);
    expect(linkOf("Metrics", METRIC).getAttribute("href")).toBe(`/spaces/evaluate-metric/${METRIC}`);
    expect(linkOf("Models", MODEL).textContent).not.toContain("huggingface.co");

    const space = linkOf("Spaces", SPACE);
    expect(space.getAttribute("href")).toBe(`https://huggingface.co/spaces/${SPACE}`);
    expect(space.textContent).toContain("on huggingface.co");
    expect(space.getAttribute("rel")).toContain("external");
    const otherModel = linkOf("Models", task.models[1].id);
    expect(otherModel.getAttribute("href")).toBe(`https://huggingface.co/${task.models[1].id}`);
    expect(otherModel.textContent).toContain("on huggingface.co");

    // Every listed repository was asked about, through the hub's lists (which hold only what the visitor may read).
    const listed = task.models.length + task.datasets.length + task.spaces.length + task.metrics.length;
    expect(new Set(asked).size).toBe(listed);
    expect(asked.every((path) => /^\/api\/(models|datasets|spaces)\?author=/.test(path))).toBe(true);
    // A repository whose name only starts like the example's is not it.
    expect(linkOf("Spaces", SPACE).getAttribute("href")).toContain("huggingface.co");
  });

  test("with the hub unreachable, every example links to huggingface.co", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("offline");
    });
    render(<TaskPage params={{ taskId: "text-generation" }} />);
    await waitFor(() => expect(linkOf("Models", MODEL).getAttribute("href")).toBe(`https://huggingface.co/${MODEL}`));
    expect(linkOf("Datasets", DATASET).getAttribute("href")).toBe(`https://huggingface.co/datasets/${DATASET}`);
  });
});

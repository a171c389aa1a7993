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
  // The hub's answer to "which of these may I read here?": the asked keys it has.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://hub.test");
    asked.push(`${url.pathname}?${url.searchParams}`);
    const keys = url.pathname === "/api/web/readable-repos" ? url.searchParams.getAll("repo") : [];
    const readable = keys.filter((key) => HERE.has(key));
    return new Response(JSON.stringify({ readable }), { status: 200, headers: { "content-type": "application/json" } });
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

    // Every listed repository was asked about, in one request (the server answers only what the visitor may read).
    const listed = task.models.length + task.datasets.length + task.spaces.length + task.metrics.length;
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0] ?? "", "http://hub.test").searchParams.getAll("repo")).toHaveLength(listed);
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

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

const HERE = new Set([`/api/models/${MODEL}`, `/api/datasets/${DATASET}`, `/api/spaces/evaluate-metric/${METRIC}`]);
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const path = decodeURIComponent(String(input));
    asked.push(path);
    return HERE.has(path)
      ? new Response(JSON.stringify({ id: path }), { status: 200, headers: { "content-type": "application/json" } })
      : new Response(JSON.stringify({ error: "Repository not found" }), { status: 404 });
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

    // Every listed repository was asked about, through the hub's API (which applies its access rules).
    const listed = task.models.length + task.datasets.length + task.spaces.length + task.metrics.length;
    expect(new Set(asked).size).toBe(listed);
    expect(asked.every((path) => /^\/api\/(models|datasets|spaces)\//.test(path))).toBe(true);
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

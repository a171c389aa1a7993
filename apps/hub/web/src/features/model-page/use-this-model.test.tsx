// "Use this model": a menu button (keyboard: arrows, Enter, Escape, focus back) whose choice opens ONE library's
// snippets in a dialog, and the sidebar's pieces (downloads graph, providers on one line each).
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import type { RepoInfo } from "../repo/repo-data";
import { DownloadsGraph } from "./downloads-graph";
import { ProviderList } from "./provider-list";
import { menuGroups, UseThisModel } from "./use-this-model";

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  const close = HTMLDialogElement.prototype.close;
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    const wasOpen = this.open;
    close?.call(this);
    this.open = false;
    if (wasOpen) this.dispatchEvent(new Event("close"));
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MODEL: RepoInfo = {
  id: "org/bert-demo",
  tags: ["transformers", "sentence-transformers", "safetensors"],
  library_name: "transformers",
  pipeline_tag: "fill-mask",
  config: { architectures: ["BertForMaskedLM"], model_type: "bert" },
  inferenceProviderMapping: {
    "hf-inference": {
      providerId: "org/a-very-long-provider-model-id-that-would-wrap",
      status: "live",
      task: "fill-mask",
    },
  },
};

test("the menu lists this hub, each library, the local apps and the inference API", () => {
  const groups = menuGroups(MODEL);
  expect(groups.map((group) => group.label)).toEqual(["This hub", "Libraries", "Inference API"]);
  expect(groups[1]?.items.map((item) => item.label)).toEqual(["Transformers", "sentence-transformers"]);
});

test("by keyboard: the button opens the menu, arrows move, Enter opens one library, Escape returns the focus", async () => {
  render(<UseThisModel info={MODEL} ggufFile={undefined} onGgufFileChange={() => {}} />);
  const button = screen.getByRole("button", { name: "Use this model" });
  expect(screen.getByRole("heading", { level: 2, name: "Use this model" })).toBeTruthy();
  expect(button.getAttribute("aria-expanded")).toBe("false");
  button.focus();
  fireEvent.keyDown(button, { key: "ArrowDown" });
  const menu = screen.getByRole("menu", { name: "Use this model" });
  const items = within(menu).getAllByRole("menuitem");
  await waitFor(() => expect(document.activeElement).toBe(items[0]));
  fireEvent.keyDown(menu, { key: "ArrowDown" });
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Transformers"));
  fireEvent.keyDown(menu, { key: "ArrowUp" });
  fireEvent.keyDown(menu, { key: "ArrowUp" });
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Inference providers"));
  fireEvent.keyDown(menu, { key: "Home" });
  fireEvent.keyDown(menu, { key: "ArrowDown" });
  fireEvent.keyDown(menu, { key: "Enter" });
  expect(screen.queryByRole("menu")).toBeNull();
  const dialog = screen.getByRole("dialog", { name: "Transformers · org/bert-demo" });
  // One library: the model's other library (sentence-transformers) is not rendered at all.
  const shown = [...dialog.querySelectorAll<HTMLElement>(".library-snippets")];
  expect(shown.map((section) => section.getAttribute("aria-label"))).toEqual(["Transformers snippets"]);
  expect(shown[0]?.querySelectorAll("figure").length).toBeGreaterThan(0);
  (dialog as HTMLDialogElement).close();
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(document.activeElement).toBe(button);
  // Escape in the menu closes it and gives the focus back to the button.
  fireEvent.click(button);
  const again = screen.getByRole("menu");
  fireEvent.keyDown(again, { key: "Escape" });
  expect(screen.queryByRole("menu")).toBeNull();
  expect(document.activeElement).toBe(button);
});

test("this hub's lines name this site's origin", () => {
  render(<UseThisModel info={MODEL} ggufFile={undefined} onGgufFileChange={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: "Use this model" }));
  fireEvent.click(screen.getByRole("menuitem", { name: "Hugging Face clients and git" }));
  const dialog = screen.getByRole("dialog");
  expect(within(dialog).getByRole("figure", { name: "Python with HF_ENDPOINT" }).textContent).toContain(
    `os.environ["HF_ENDPOINT"] = "${window.location.origin}"`,
  );
});

test("downloads: the count in words and a sparkline described in words; no graph when the series fails", async () => {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    downloads: i === 29 ? 4 : 0,
  }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ days }), { status: 200 })),
  );
  render(<DownloadsGraph id="org/bert-demo" downloads={1} />);
  expect(screen.getByText("1 download")).toBeTruthy();
  const graph = await screen.findByRole("img");
  expect(graph.getAttribute("aria-label")).toBe(
    "Downloads per day: 4 downloads from 2026-11-01 to 2026-11-30; busiest day 2026-11-30 with 4 downloads",
  );
  expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe("/api/web/downloads/models/org/bert-demo");
  cleanup();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response('{"error":"nope"}', { status: 404 })),
  );
  render(<DownloadsGraph id="org/other" downloads={0} />);
  expect(screen.getByText("0 downloads")).toBeTruthy();
  await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(screen.queryByRole("img")).toBeNull();
});

test("providers: one line each, the id whole in its title", () => {
  render(<ProviderList info={MODEL} />);
  const id = screen.getByText("org/a-very-long-provider-model-id-that-would-wrap");
  expect(id.className).toBe("provider-id");
  expect(id.getAttribute("title")).toBe("org/a-very-long-provider-model-id-that-would-wrap");
});

import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { App } from "./app";
import { navigate } from "./lib/navigation";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

test("unknown routes get a friendly not-found page with links back", async () => {
  window.history.replaceState(null, "", "/definitely/not/here");
  render(<App />);
  // A two-segment path is first taken as a repository page (its lazy chunk loads, then the API answers 404), which
  // can take longer than findBy's default 1 s on a busy test machine.
  expect(await screen.findByRole("heading", { name: "Page not found" }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Search models" }).getAttribute("href")).toBe("/models");
  expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  expect(document.title).toBe("Not found · Hubkit");
});

test("navigation renders the matching page and marks the current nav link", async () => {
  render(<App />);
  await act(async () => navigate("/gguf"));
  expect(screen.getByRole("link", { name: "GGUF" }).getAttribute("aria-current")).toBe("page");
  expect(screen.getByRole("link", { name: "Tasks" }).getAttribute("aria-current")).toBeNull();
});

test("a page change moves the focus to the content; a query change keeps it", async () => {
  window.history.replaceState(null, "", "/tasks");
  render(<App />);
  const tasksLink = screen.getByRole("link", { name: "Tasks" });
  tasksLink.focus();
  await act(async () => navigate("/tasks?q=text"));
  expect(document.activeElement).toBe(tasksLink);
  await act(async () => navigate("/gguf"));
  expect(document.activeElement).toBe(document.getElementById("main"));
});

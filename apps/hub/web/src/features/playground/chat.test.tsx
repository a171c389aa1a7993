import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";

// A fake @hubkit/inference: the stream yields two pieces, then waits until the request is aborted (Stop).
const seen: Array<{ args: Record<string, unknown>; options: Record<string, unknown> }> = [];
let failWith: Error | undefined;
vi.mock("../../lib/inference-loader", () => ({
  loadInference: async () => ({
    async *chatCompletionStream(args: Record<string, unknown>, options: { signal: AbortSignal }) {
      seen.push({ args, options });
      if (failWith) throw failWith;
      yield { choices: [{ delta: { role: "assistant", content: "" } }] };
      yield { choices: [{ delta: { content: "Hel" } }] };
      yield { choices: [{ delta: { content: "lo" } }] };
      await new Promise((_, reject) =>
        options.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    },
  }),
}));

const { ChatWidget } = await import("./chat");

afterEach(() => {
  cleanup();
  seen.length = 0;
  failWith = undefined;
});

function send(text: string) {
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: text } });
  fireEvent.keyDown(screen.getByRole("textbox", { name: "Message" }), { key: "Enter" });
}

test("streams the answer piece by piece; Stop aborts and keeps what arrived", async () => {
  render(<ChatWidget target={{ kind: "endpoint", url: "http://127.0.0.1:8080/v1", token: "" }} model="" />);
  send("Hi");
  await waitFor(() => expect(screen.getByTestId("assistant-message").textContent).toBe("Hello"));
  const stop = screen.getByRole("button", { name: "Stop" });
  expect(seen[0].args).toEqual({
    endpointUrl: "http://127.0.0.1:8080/v1",
    messages: [{ role: "user", content: "Hi" }],
    max_tokens: 512,
  });
  const signal = seen[0].options.signal as AbortSignal;
  expect(signal.aborted).toBe(false);
  await act(async () => fireEvent.click(stop));
  expect(signal.aborted).toBe(true);
  await screen.findByRole("button", { name: "Send" });
  expect(screen.getByTestId("assistant-message").textContent).toBe("Hello");
  expect(screen.queryByRole("alert")).toBeNull();
});

test("a failure is shown and the empty answer is dropped", async () => {
  failWith = new Error("Server http://x does not seem to support chat completion. Error: 404");
  render(<ChatWidget target={{ kind: "provider", provider: "together", token: "hf_x" }} model="org/m" />);
  send("Hi");
  expect((await screen.findByRole("alert")).textContent).toContain("does not seem to support chat completion");
  expect(screen.queryByTestId("assistant-message")).toBeNull();
  expect(seen[0].args).toMatchObject({ accessToken: "hf_x", provider: "together", model: "org/m" });
});

test("disabled until the target is usable", () => {
  render(
    <ChatWidget
      target={{ kind: "provider", provider: "together", token: "" }}
      model="org/m"
      disabledReason="Enter your access token first."
    />,
  );
  expect(screen.getByRole("textbox", { name: "Message" }).hasAttribute("disabled")).toBe(true);
  expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(true);
});

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { RenderOutput } from "./chat-template-page";
import { DEFAULT_MESSAGES, offsetOf, renderChatTemplate, SAMPLE_TEMPLATE } from "./render-chat-template";

afterEach(cleanup);

const base = {
  template: SAMPLE_TEMPLATE,
  messagesJson: DEFAULT_MESSAGES,
  toolsJson: "",
  addGenerationPrompt: true,
  bosToken: "<s>",
  eosToken: "</s>",
};

describe("renderChatTemplate", () => {
  test("renders with trim_blocks / lstrip_blocks and the special tokens", () => {
    const result = renderChatTemplate({ ...base, messagesJson: '[{"role":"user","content":"  hi  "}]' });
    // Expected values from Python Jinja2 3.1 (trim_blocks, lstrip_blocks; the final newline is dropped).
    expect(result).toEqual({ ok: true, text: "<s><|user|>\nhi</s><|assistant|>" });
    const noPrompt = renderChatTemplate({
      ...base,
      messagesJson: '[{"role":"user","content":"hi"}]',
      addGenerationPrompt: false,
    });
    expect(noPrompt).toEqual({ ok: true, text: "<s><|user|>\nhi</s>" });
  });

  test("tools are passed when given", () => {
    const result = renderChatTemplate({
      ...base,
      template: "{{ tools | length }}{{ tools[0].name }}",
      toolsJson: '[{"name":"t"}]',
    });
    expect(result).toEqual({ ok: true, text: "1t" });
    expect(renderChatTemplate({ ...base, template: "{{ tools is defined }}" })).toEqual({ ok: true, text: "False" });
  });

  test("a syntax error carries its line and column", () => {
    const result = renderChatTemplate({ ...base, template: "a\nb {{ x + }}\nc" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.source).toBe("template");
    expect(result.line).toBe(2);
    expect(result.column).toBeGreaterThan(1);
    expect(result.message).toMatch(/^syntax error: /);
  });

  test("raise_exception from the template is reported with its message", () => {
    const result = renderChatTemplate({ ...base, template: "{{ raise_exception('Only user and assistant roles') }}" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain("Only user and assistant roles");
  });

  test("bad messages and tools JSON name the field", () => {
    expect(renderChatTemplate({ ...base, messagesJson: "[{" })).toMatchObject({ ok: false, source: "messages" });
    expect(renderChatTemplate({ ...base, messagesJson: "{}" })).toMatchObject({
      ok: false,
      message: "messages must be a JSON array of {role, content} objects",
    });
    expect(renderChatTemplate({ ...base, toolsJson: '{"a":1}' })).toMatchObject({ ok: false, source: "tools" });
  });

  test("offsetOf maps 1-based line and column to an index", () => {
    expect(offsetOf("ab\ncd\nef", 1, 1)).toBe(0);
    expect(offsetOf("ab\ncd\nef", 2, 2)).toBe(4);
    expect(offsetOf("ab\ncd\nef", 9, 1)).toBe(8);
  });
});

describe("RenderOutput", () => {
  test("shows the error with its position and a button to jump there", () => {
    const result = renderChatTemplate({ ...base, template: "ok\n{% for m in messages %}{{ m.content }\n{% endfor %}" });
    const onGoToError = vi.fn();
    render(<RenderOutput result={result} onGoToError={onGoToError} />);
    expect(screen.getByRole("alert").textContent).toMatch(/Line 2, column \d+:/);
    expect(screen.getByTestId("template-error").textContent).toContain("syntax error");
    fireEvent.click(screen.getByRole("button", { name: "Go to the error" }));
    expect(onGoToError).toHaveBeenCalledOnce();
  });

  test("shows the rendered prompt", () => {
    render(<RenderOutput result={{ ok: true, text: "<s>hello" }} />);
    expect(screen.getByTestId("rendered-prompt").textContent).toBe("<s>hello");
  });
});

// Shared set-up of the integration tests: one emulator per file, a fetch bound to it, a guard that fails the test
// when the client reaches for globalThis.fetch although options.fetch was given, and an unhandled-rejection trap.

import { createEmulatorFetch, type Emulator, type RecordedRequest, startEmulator } from "@hubkit/emulator";
import * as inference from "@hubkit/inference";
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { collect, outputMessage, rejection } from "../common.js";

export type TaskFn = (args: Record<string, unknown>, options?: Record<string, unknown>) => Promise<unknown>;
export type StreamFn = (args: Record<string, unknown>, options?: Record<string, unknown>) => AsyncGenerator<unknown>;

/** The client's exports, loosely typed so tables of cases can call any task function. */
export const client = inference as unknown as Record<string, TaskFn & StreamFn> & {
  InferenceOutputError: new (message: string) => Error;
};
export const fn = (name: string): TaskFn => {
  const f = client[name];
  if (typeof f !== "function") throw new Error(`@hubkit/inference does not export ${name}`);
  return f;
};
export const streamFn = (name: string): StreamFn => fn(name) as unknown as StreamFn;

export const HF_TOKEN = "hf_emulatorTestToken";
export const PROVIDER_KEY = "pk_emulatorTestKey";
export const USER_AGENT = "@hubkit/inference/0.1.0";
/** A text-classification call on hf-inference and a chat call routed to together: the errors and faults suites' calls. */
export const CLS = { model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english", inputs: "I like you" };
export const CHAT = {
  model: "meta-llama/Llama-3.3-70B-Instruct",
  provider: "together",
  accessToken: "hf_x",
  messages: [{ role: "user", content: "Hi" }],
};
export const realFetch: typeof fetch = globalThis.fetch.bind(globalThis);

export interface Harness {
  emu: Emulator;
  /** A fetch bound to the emulator (uses the real global fetch captured at load). */
  fetch: typeof fetch;
  /** Options that route every call of the client to the emulator. */
  opts: (extra?: Record<string, unknown>) => Record<string, unknown>;
  /** Recorded requests except hub look-ups. */
  calls: () => RecordedRequest[];
  hubCalls: () => RecordedRequest[];
  unhandled: unknown[];
}

/**
 * Starts one emulator for the file. While a test runs, globalThis.fetch throws: every call must go through
 * options.fetch (inference.md §1). Tests that exercise the global fetch stub it themselves.
 */
export function useHarness(): Harness {
  const h = { unhandled: [] as unknown[] } as Harness;
  const onUnhandled = (reason: unknown) => h.unhandled.push(reason);
  beforeAll(async () => {
    h.emu = await startEmulator();
    h.fetch = createEmulatorFetch(h.emu.url, realFetch);
    h.opts = (extra = {}) => ({ fetch: h.fetch, ...extra });
    h.calls = () => h.emu.requests.filter((r) => r.service !== "hub");
    h.hubCalls = () => h.emu.requests.filter((r) => r.service === "hub");
    process.on("unhandledRejection", onUnhandled);
  });
  beforeEach(() => {
    h.emu.reset();
    // Polling logs progress with console.debug (§4.4); keep test output clean (tests that check it spy again).
    vi.spyOn(console, "debug").mockImplementation(() => {});
    vi.stubGlobal("fetch", () => {
      throw new Error("globalThis.fetch was used although options.fetch was given");
    });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    // Let pending microtasks and timers of a finished call settle, then check nothing was left unhandled.
    await new Promise((r) => setTimeout(r, 5));
    expect(h.unhandled, "unhandled rejections").toEqual([]);
  });
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await h.emu?.close();
  });
  return h;
}

export async function blobBytes(value: unknown): Promise<Uint8Array> {
  expect(value).toBeInstanceOf(Blob);
  return new Uint8Array(await (value as Blob).arrayBuffer());
}

export { collect, rejection };

/** Expects an InferenceOutputError with the spec's wrapped message (§2.5). */
export async function expectOutputError(promise: Promise<unknown>, message: string) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(client.InferenceOutputError);
  expect(error).toBeInstanceOf(TypeError);
  expect(error.name).toBe("InferenceOutputError");
  expect(error.message).toBe(outputMessage(message));
}

/** Standard base64 of bytes (test-side reference). */
export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

export const wavBlob = () =>
  new Blob([new Uint8Array([82, 73, 70, 70, 0x24, 0, 0, 0, 0x81, 0xff])], { type: "audio/wav" });
export const imageBlob = () =>
  new Blob([new Uint8Array([0x89, 80, 78, 71, 13, 10, 26, 10, 0, 0xfe])], { type: "image/png" });

/**
 * Runs a call with setTimeout/clearTimeout faked and advanced in 100 ms steps while real I/O proceeds between
 * steps, so the spec's 1 s / 500 ms polling waits cost nothing. The client looks timers up at call time, which
 * allows this; only waits get shorter, so it suits tests that assert outcomes, not durations.
 */
export async function withFakeTimers<T>(
  start: () => Promise<T>,
  { date = false, stepMs = 100 }: { date?: boolean; stepMs?: number } = {},
): Promise<T> {
  vi.useFakeTimers({ toFake: date ? ["setTimeout", "clearTimeout", "Date"] : ["setTimeout", "clearTimeout"] });
  try {
    const promise = start();
    let settled = false;
    promise.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    while (!settled) {
      await vi.advanceTimersByTimeAsync(stepMs);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return await promise;
  } finally {
    vi.useRealTimers();
  }
}

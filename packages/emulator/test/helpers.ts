import { afterAll, beforeAll, beforeEach } from "vitest";
import { type Emulator, startEmulator } from "../src/index.js";

/** One emulator per test file, reset before each test. */
export function useEmulator(): { readonly emu: Emulator } {
  const holder = {} as { emu: Emulator };
  beforeAll(async () => {
    holder.emu = await startEmulator();
  });
  beforeEach(() => holder.emu.reset());
  afterAll(() => holder.emu.close());
  return holder;
}

export const postJson = (emu: Emulator, url: string, body: unknown, headers: Record<string, string> = {}) =>
  emu.fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

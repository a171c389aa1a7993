// The conformance workers' network guard: any fetch that leaves the loopback fails at once with a message naming
// the host (so the run's outcome is the same with or without a network); the local hub stays reachable.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_PREFIX } from "../no-network-message.js";

const server = createServer((_req, res) => res.end("local"));

beforeAll(async () => {
  await import("../no-network.js");
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

describe("no-network guard", () => {
  it.each([
    ["a URL string", "https://huggingface.co/api/models/gpt2", "huggingface.co"],
    ["a URL object", new URL("http://example.invalid:8080/x"), "example.invalid:8080"],
    ["a Request", new Request("https://cdn-lfs.hf.co/file"), "cdn-lfs.hf.co"],
  ])("refuses %s to another host", async (_what, input, host) => {
    await expect(fetch(input)).rejects.toThrow(`${REFUSED_PREFIX} ${host}`);
  });

  it("lets requests to 127.0.0.1 through", async () => {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe("local");
  });
});

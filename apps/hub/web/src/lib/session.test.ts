import { describe, expect, test } from "vitest";
import { errorOf, safeNext } from "./session";

describe("safeNext", () => {
  test("keeps same-site paths", () => {
    expect(safeNext("/alice/model?tab=files")).toBe("/alice/model?tab=files");
    expect(safeNext("/")).toBe("/");
  });
  test("never leaves the site: other hosts, schemes, protocol-relative and backslash tricks go home", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "evil",
      "/ok\u0000",
    ])
      expect(safeNext(next)).toBe("/");
  });
});

describe("errorOf", () => {
  test("the server's JSON error, the LFS message, or the status line", async () => {
    expect((await errorOf(Response.json({ error: "Invalid username or password" }, { status: 401 }))).message).toBe(
      "Invalid username or password",
    );
    expect((await errorOf(Response.json({ message: "Object too large" }, { status: 413 }))).message).toBe(
      "Object too large",
    );
    const plain = await errorOf(new Response("<html>", { status: 502, statusText: "Bad Gateway" }));
    expect(plain.message).toBe("502 Bad Gateway");
    expect(plain.status).toBe(502);
  });
  test("a 429 says how long to wait when the message does not", async () => {
    const limited = new Response(JSON.stringify({ error: "Too many sign-ups from this address" }), {
      status: 429,
      headers: { "Retry-After": "120" },
    });
    expect((await errorOf(limited)).message).toBe("Too many sign-ups from this address (try again in 120 s)");
  });
});

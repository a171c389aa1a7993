import { describe, expect, test } from "vitest";
import { formatCount } from "./format-count";

describe("counts with their noun", () => {
  test("one is singular, every other count plural", () => {
    expect(formatCount(1, "download")).toBe("1 download");
    expect(formatCount(0, "download")).toBe("0 downloads");
    expect(formatCount(2, "like")).toBe("2 likes");
    expect(formatCount(1234567, "download")).toBe("1,234,567 downloads");
  });
});

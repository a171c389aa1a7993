import { describe, expect, test } from "vitest";
import { fenceLanguage } from "./fence-language";

describe("code fence languages", () => {
  test("the names Markdown authors write pick the site's highlighters", () => {
    expect(fenceLanguage("py")).toBe("python");
    expect(fenceLanguage("typescript")).toBe("js");
    expect(fenceLanguage("console")).toBe("sh");
    expect(fenceLanguage("json")).toBe("json");
    expect(fenceLanguage("jinja2")).toBe("jinja");
  });

  test("unknown names, other letter cases and object keys are no language", () => {
    for (const name of ["rust", "", "Python", "constructor", "__proto__", "toString", "hasOwnProperty"])
      expect(fenceLanguage(name), name).toBeUndefined();
  });
});

// The parameter-size classes of models (derive/size-class.ts): boundaries, the GGUF fallback, a card's claim.
import { describe, expect, it } from "vitest";
import { sizeClassTag, withSizeClass } from "../src/derive/size-class.js";

describe("sizeClassTag", () => {
  it("puts each count in one class, boundaries in the upper one", () => {
    expect(sizeClassTag(1)).toBe("parameters:<1B");
    expect(sizeClassTag(999_999_999)).toBe("parameters:<1B");
    expect(sizeClassTag(1e9)).toBe("parameters:1B-10B");
    expect(sizeClassTag(8e9)).toBe("parameters:1B-10B");
    expect(sizeClassTag(1e10)).toBe("parameters:10B-100B");
    expect(sizeClassTag(1e11)).toBe("parameters:>100B");
    expect(sizeClassTag(6.7e11)).toBe("parameters:>100B");
  });

  it("has no class for an unknown or nonsensical count", () => {
    for (const value of [undefined, null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, "7000000000", {}])
      expect(sizeClassTag(value)).toBeUndefined();
  });
});

describe("withSizeClass", () => {
  it("reads safetensors first, then GGUF, and replaces a card's own class tag", () => {
    expect(withSizeClass(["a", "parameters:>100B"], { total: 32 }, { total: 5e10 })).toEqual(["a", "parameters:<1B"]);
    expect(withSizeClass(["a"], undefined, { total: 5e10 })).toEqual(["a", "parameters:10B-100B"]);
    expect(withSizeClass(["a", "parameters:<1B"], undefined, { architecture: "llama" })).toEqual(["a"]);
  });
});

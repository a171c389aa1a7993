import { describe, expect, it } from "vitest";
import { DEFAULT_MEMORY_OPTIONS, type HardwareSpec, SKUS } from "../src/hardware.js";

const count = (vendor: Record<string, HardwareSpec>) => Object.keys(vendor).length;

describe("SKUS", () => {
  it("has the category → vendor → SKU counts of catalogue.md §11", () => {
    expect(Object.keys(SKUS)).toEqual(["GPU", "CPU", "Apple Silicon"]);
    expect(Object.keys(SKUS.GPU)).toEqual(["NVIDIA", "AMD", "INTEL", "QUALCOMM"]);
    expect(count(SKUS.GPU.NVIDIA)).toBe(83);
    expect(count(SKUS.GPU.AMD)).toBe(17);
    expect(count(SKUS.GPU.INTEL)).toBe(4);
    expect(count(SKUS.GPU.QUALCOMM)).toBe(5);
    expect(Object.keys(SKUS.CPU)).toEqual(["Intel", "AMD"]);
    expect(count(SKUS.CPU.Intel)).toBe(20);
    expect(count(SKUS.CPU.AMD)).toBe(16);
    expect(Object.keys(SKUS["Apple Silicon"])).toEqual(["-"]);
    const apple = Object.keys(SKUS["Apple Silicon"]["-"]);
    expect(apple.length).toBe(15);
    expect(apple[0]).toBe("Apple M1");
    expect(apple[apple.length - 1]).toBe("Apple M4 Max");
  });

  it("has 160 SKUs, 41 without memory, all with positive figures", () => {
    const all = Object.values(SKUS).flatMap((vendors) =>
      Object.values(vendors as Record<string, Record<string, HardwareSpec>>).flatMap((skus) => Object.values(skus)),
    );
    expect(all.length).toBe(160);
    expect(all.filter((sku) => sku.memory === undefined).length).toBe(41);
    for (const sku of all) {
      expect(sku.tflops).toBeGreaterThan(0);
      for (const gb of sku.memory ?? []) expect(Number.isInteger(gb) && gb > 0).toBe(true);
    }
  });

  it("lists the default memory options", () => {
    expect(DEFAULT_MEMORY_OPTIONS).toEqual([8, 16, 24, 32, 40, 48, 64, 80, 96, 128, 256, 512]);
  });
});

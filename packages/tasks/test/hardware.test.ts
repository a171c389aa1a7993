import { describe, expect, it } from "vitest";
import { DEFAULT_MEMORY_OPTIONS, type HardwareSpec, SKUS } from "../src/hardware.js";
import { NEWEST } from "./helpers/newest-facts.js";

type Spec = HardwareSpec & { computeCapability?: number; gfxVersion?: string };
const count = (vendor: Record<string, HardwareSpec>) => Object.keys(vendor).length;
const table = SKUS as unknown as Record<string, Record<string, Record<string, Spec>>>;
const all = Object.values(table).flatMap((vendors) => Object.values(vendors).flatMap((skus) => Object.values(skus)));
const EXTRA_FIELDS = ["computeCapability", "gfxVersion", "msrp", "power", "releaseYear", "aliases"] as const;

/** A SKU by category, vendor and name; names differing only in case and spacing (L40s / L40S) are the same part. */
function lookup(fact: { category: string; vendor: string; name: string }): Spec | undefined {
  const skus = table[fact.category]?.[fact.vendor] ?? {};
  if (Object.hasOwn(skus, fact.name)) return skus[fact.name];
  const norm = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
  const key = Object.keys(skus).find((name) => norm(name) === norm(fact.name));
  return key === undefined ? undefined : skus[key];
}

/** Newest-catalogue SKUs we already had in 0.18 under the same name: our figures (documented basis) are kept. */
const OURS_KEPT = new Set([
  "B200",
  "H800",
  "H20",
  "RTX A5000",
  "A800",
  "A30",
  "RTX 5090 Mobile",
  "RTX 5060 Ti",
  "RTX 5060",
  "RTX 2060",
  "GTX 1080",
  "GTX 1070",
  "Intel Core 14th Generation (i7)",
]);

describe("SKUS", () => {
  it("has the category → vendor → SKU counts (0.18's 160, minus one rename, plus the newest catalogue's 93 others)", () => {
    expect(Object.keys(SKUS)).toEqual(["GPU", "CPU", "Apple Silicon"]);
    expect(Object.keys(SKUS.GPU)).toEqual(["NVIDIA", "AMD", "INTEL", "QUALCOMM"]);
    expect(count(SKUS.GPU.NVIDIA)).toBe(110);
    expect(count(SKUS.GPU.AMD)).toBe(41);
    expect(count(SKUS.GPU.INTEL)).toBe(8);
    expect(count(SKUS.GPU.QUALCOMM)).toBe(5);
    expect(Object.keys(SKUS.CPU)).toEqual(["Intel", "AMD"]);
    expect(count(SKUS.CPU.Intel)).toBe(25);
    expect(count(SKUS.CPU.AMD)).toBe(44);
    expect(Object.keys(SKUS["Apple Silicon"])).toEqual(["-"]);
    const apple = Object.keys(SKUS["Apple Silicon"]["-"]);
    expect(apple.length).toBe(19);
    expect(apple[0]).toBe("Apple M1");
    expect(all.length).toBe(252);
  });

  it("has positive figures everywhere and sane values in the new fields", () => {
    for (const sku of all) {
      expect(sku.tflops).toBeGreaterThan(0);
      for (const gb of sku.memory ?? []) expect(Number.isInteger(gb) && gb > 0).toBe(true);
      if (sku.msrp !== undefined) expect(sku.msrp).toBeGreaterThan(0);
      if (sku.power !== undefined) expect(sku.power).toBeGreaterThan(0);
      if (sku.releaseYear !== undefined) expect(sku.releaseYear).toBeGreaterThanOrEqual(2010);
    }
    for (const sku of Object.values(table.GPU.AMD)) expect(sku.computeCapability).toBeUndefined();
    for (const sku of Object.values(table.GPU.NVIDIA)) expect(sku.gfxVersion).toBeUndefined();
    expect(SKUS.GPU.NVIDIA.GB10.aliases).toEqual(["DGX Spark"]);
  });

  it("has every SKU the newest catalogue added, with its exact fields (our figures kept for 13 we had)", () => {
    expect(NEWEST.hardware_added.length).toBe(106);
    for (const fact of NEWEST.hardware_added) {
      const sku = lookup(fact);
      expect(sku, fact.name).toBeDefined();
      for (const field of EXTRA_FIELDS) expect(sku?.[field], `${fact.name}.${field}`).toEqual(fact[field]);
      if (OURS_KEPT.has(fact.name)) continue;
      expect(sku?.tflops, fact.name).toBe(fact.tflops);
      expect(sku?.memory, fact.name).toEqual(fact.memory);
    }
  });

  it("gives the newest catalogue's MSRP, power, year and GPU targets to the SKUs that survived", () => {
    let found = 0;
    for (const fact of NEWEST.hardware_fields.new_field_values_on_existing_skus) {
      const sku = lookup(fact);
      if (sku === undefined) continue; // a 0.18 upstream SKU our independent table never listed
      found++;
      for (const field of EXTRA_FIELDS) expect(sku[field], `${fact.name}.${field}`).toEqual(fact[field]);
    }
    expect(found).toBe(92); // 89 same names + L40s/L40S, RTX 4070 Super/SUPER, RTX 4070 Ti Super/SUPER
  });

  it("applies the renames and the memory and TFLOPS corrections", () => {
    for (const fact of NEWEST.hardware_removed) {
      expect(table[fact.category]?.[fact.vendor]?.[fact.name], fact.name).toBeUndefined();
      expect(lookup({ ...fact, name: fact.probable_new_name }), fact.probable_new_name).toBeDefined();
    }
    let checked = 0;
    for (const change of NEWEST.hardware_changed) {
      const sku = lookup(change);
      if (sku === undefined) continue;
      // RTX A4000: our 76.7 is the tensor-core figure, like every workstation part here; 19.17 is a shader figure.
      if (change.field === "tflops" && change.name === "RTX A4000") continue;
      expect(sku[change.field as keyof Spec], `${change.name}.${change.field}`).toEqual(change.new);
      checked++;
    }
    // The loop skips parts our table does not list: make sure it checked the ones it does (11 changes, minus the
    // RTX A4000 exception and the parts we have no row for), not nothing.
    expect(checked).toBe(6);
    expect(SKUS["Apple Silicon"]["-"]["Apple M4 Max"].memory).toEqual([36, 48, 64, 128]);
  });

  it("lists the default memory options", () => {
    expect(DEFAULT_MEMORY_OPTIONS).toEqual([8, 16, 24, 32, 40, 48, 64, 80, 96, 128, 256, 512]);
  });
});

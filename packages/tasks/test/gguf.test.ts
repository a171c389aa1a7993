import { describe, expect, it } from "vitest";
import {
  findNearestQuantType,
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_QUANT_ORDER,
  GGUF_QUANT_RE,
  GGUF_QUANT_RE_GLOBAL,
  parseGGUFQuantLabel,
} from "../src/gguf.js";
import { describeGGUFQuantLabel, GGUF_QUANT_DESCRIPTIONS } from "../src/gguf-descriptions.js";
import { FACTS } from "./helpers/catalogue-facts.js";
import { NEWEST } from "./helpers/newest-facts.js";

// The established types, in declaration order (catalogue-facts.json `ggmlQuantizationType`).
const ESTABLISHED: Array<[string, number]> = Object.entries(FACTS.ggmlQuantizationType);
// ggml's later types, as the newest catalogue lists them (31–33 and 36–38 were removed types).
const LATER: Array<[string, number]> = NEWEST.gguf_types_added.GGMLQuantizationType_added.map(({ name, value }) => [
  name,
  value,
]);
const FILE_TYPES = NEWEST.gguf_types_added.GGMLFileQuantizationType.values;

describe("GGMLQuantizationType", () => {
  it("has the exact numbers, in declaration order, with reverse mapping", () => {
    expect(ESTABLISHED.length).toBe(29);
    expect(LATER.map(([name]) => name)).toEqual(["TQ1_0", "TQ2_0", "MXFP4", "NVFP4", "Q1_0", "Q2_0"]);
    const names = Object.keys(GGMLQuantizationType).filter((key) => Number.isNaN(Number(key)));
    expect(names).toEqual([...ESTABLISHED, ...LATER].map(([name]) => name));
    const table = GGMLQuantizationType as unknown as Record<string, number | string>;
    for (const [name, value] of [...ESTABLISHED, ...LATER]) {
      expect(table[name]).toBe(value);
      expect(table[String(value)]).toBe(name);
    }
    expect(table["4"]).toBeUndefined();
    expect(table["5"]).toBeUndefined();
  });
});

describe("GGMLFileQuantizationType", () => {
  it("has the 48 file types of the newest catalogue, exact numbers, in order, with reverse mapping", () => {
    expect(FILE_TYPES.length).toBe(48);
    const names = Object.keys(GGMLFileQuantizationType).filter((key) => Number.isNaN(Number(key)));
    expect(names).toEqual(FILE_TYPES.map(({ name }) => name));
    const table = GGMLFileQuantizationType as unknown as Record<string, number | string>;
    for (const { name, value } of FILE_TYPES) {
      expect(table[name]).toBe(value);
      expect(table[String(value)]).toBe(name);
    }
  });
});

describe("GGUF_QUANT_ORDER and findNearestQuantType", () => {
  const Q = GGMLFileQuantizationType;

  it("orders every file type from biggest to smallest, as the newest catalogue", () => {
    expect(GGUF_QUANT_ORDER.map((value) => Q[value])).toEqual(NEWEST.gguf_types_added.GGUF_QUANT_ORDER.order);
    expect(new Set(GGUF_QUANT_ORDER).size).toBe(48);
  });

  it("picks the largest available quant not bigger than the target, else the smallest", () => {
    const available = [Q.Q8_0, Q.Q4_K_M, Q.Q2_K, Q.F16];
    expect(findNearestQuantType(Q.Q4_K_M, available)).toBe(Q.Q4_K_M);
    expect(findNearestQuantType(Q.Q5_K_M, available)).toBe(Q.Q4_K_M);
    expect(findNearestQuantType(Q.Q6_K, available)).toBe(Q.Q4_K_M);
    expect(findNearestQuantType(Q.Q8_K_XL, available)).toBe(Q.Q8_0);
    expect(findNearestQuantType(Q.F32, available)).toBe(Q.F16);
    expect(findNearestQuantType(Q.IQ1_S, available)).toBe(Q.Q2_K); // all bigger: the smallest
    expect(findNearestQuantType(Q.Q3_K_M, [Q.Q8_0, Q.Q4_K_M])).toBe(Q.Q4_K_M);
    // an unknown target counts as the biggest; unknown available values are ignored
    expect(findNearestQuantType(9999 as GGMLFileQuantizationType, available)).toBe(Q.F16);
    expect(findNearestQuantType(Q.Q4_0, [9999 as GGMLFileQuantizationType])).toBeUndefined();
    expect(findNearestQuantType(Q.Q4_0, [])).toBeUndefined();
    // the caller's array is not reordered
    expect(available).toEqual([Q.Q8_0, Q.Q4_K_M, Q.Q2_K, Q.F16]);
    expect(() => findNearestQuantType(Q.Q4_0, undefined as unknown as GGMLFileQuantizationType[])).toThrow(TypeError);
  });
});

describe("GGUF_QUANT_RE", () => {
  it("is the newest catalogue's pattern: optional UD- prefix, file type names then MXFP4, size variation", () => {
    expect(GGUF_QUANT_RE.source).toBe(NEWEST.gguf_types_added.GGUF_QUANT_RE.newest);
    expect(GGUF_QUANT_RE.flags).toBe("");
    expect(GGUF_QUANT_RE_GLOBAL.source).toBe(GGUF_QUANT_RE.source);
    expect(GGUF_QUANT_RE_GLOBAL.flags).toBe("g");
    const match = GGUF_QUANT_RE.exec("MODEL-Q4_K_M.GGUF");
    expect(match?.groups?.quant).toBe("Q4_K_M");
    expect(match?.groups?.sizeVariation).toBeUndefined();
    const dynamic = GGUF_QUANT_RE.exec("M-UD-Q4_K_XL.GGUF");
    expect(dynamic?.groups?.prefix).toBe("UD-");
    expect(dynamic?.groups?.quant).toBe("Q4_K_XL");
  });

  it.each(NEWEST.gguf_types_added.GGUF_QUANT_RE.examples)("parses $file as the newest catalogue does", (example) => {
    expect(parseGGUFQuantLabel(example.file)).toBe(example.newest ?? undefined);
  });
});

describe("parseGGUFQuantLabel", () => {
  it.each<[string, string | undefined]>([
    // catalogue.md §8
    ["Meta-Llama-3-8B-Instruct-Q4_K_M.gguf", "Q4_K_M"],
    ["model-q8_0.gguf", "Q8_0"],
    ["bar-Q2_K-Q4_0.gguf", "Q4_0"],
    ["x-bf16.gguf", "BF16"],
    ["file-IQ4_XS-00001-of-00003.gguf", "IQ4_XS"],
    ["nothing.gguf", undefined],
    // real file names from public repositories
    ["Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf", "Q4_K_M"],
    ["qwen2.5-7b-instruct-q5_k_m-00001-of-00002.gguf", "Q5_K_M"],
    ["qwen2.5-7b-instruct-q5_k_m-00002-of-00002.gguf", "Q5_K_M"],
    ["mistral-7b-instruct-v0.2.Q4_K_S.gguf", "Q4_K_S"],
    ["llama-2-7b-chat.Q2_K.gguf", "Q2_K"],
    ["phi-2.Q6_K.gguf", "Q6_K"],
    ["gemma-2-9b-it-IQ2_XXS.gguf", "IQ2_XXS"],
    ["gemma-2-9b-it-IQ3_XXS.gguf", "IQ3_XXS"],
    ["Llama-3.2-1B-Instruct-IQ4_NL.gguf", "IQ4_NL"],
    ["DeepSeek-R1-Distill-Qwen-7B-F16.gguf", "F16"],
    ["tinyllama-1.1b-chat-v1.0.fp32.gguf", undefined],
    ["ggml-model-f32.gguf", "F32"],
    ["Q4_K_M/Llama-3.3-70B-Instruct-Q4_K_M-00001-of-00002.gguf", "Q4_K_M"],
    ["BitNet-b1.58-2B-4T-TQ1_0.gguf", "TQ1_0"],
    ["gpt-oss-20b-MXFP4.gguf", "MXFP4"],
    ["Qwen3-30B-A3B-UD-Q4_K_XL.gguf", "UD-Q4_K_XL"],
    ["Qwen3-30B-A3B-Q4_K_XL.gguf", "Q4_K_XL"],
    ["gpt-oss-120b-MXFP4_MOE-00001-of-00002.gguf", "MXFP4_MOE"],
    ["model-ud-iq2_xxs.gguf", "UD-IQ2_XXS"],
    ["model-Q3_K.gguf", undefined],
    ["Llama-3.2-3B-Instruct-IQ1_M.gguf", "IQ1_M"],
    ["nomic-embed-text-v1.5.Q8_0.gguf", "Q8_0"],
    ["README.md", undefined],
    ["", undefined],
  ])("%s → %s", (fname, label) => {
    expect(parseGGUFQuantLabel(fname)).toBe(label);
  });

  it("is not affected by the shared global regex's state", () => {
    GGUF_QUANT_RE_GLOBAL.lastIndex = 5;
    expect(parseGGUFQuantLabel("a-Q4_0.gguf")).toBe("Q4_0");
    expect(parseGGUFQuantLabel("a-Q4_0.gguf")).toBe("Q4_0");
  });

  it("validates its input", () => {
    expect(() => parseGGUFQuantLabel(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe("GGUF quant descriptions", () => {
  it("describes every type with bits per weight", () => {
    const names = Object.keys(GGMLQuantizationType).filter((key) => Number.isNaN(Number(key)));
    expect(Object.keys(GGUF_QUANT_DESCRIPTIONS)).toEqual(names);
    for (const entry of Object.values(GGUF_QUANT_DESCRIPTIONS)) {
      expect(entry.bitsPerWeight).toBeGreaterThan(1);
      expect(entry.description.length).toBeGreaterThan(10);
    }
    expect(GGUF_QUANT_DESCRIPTIONS.Q4_K.bitsPerWeight).toBe(4.5);
    expect(GGUF_QUANT_DESCRIPTIONS.Q6_K.bitsPerWeight).toBe(6.5625);
  });

  it("resolves file labels to their base type", () => {
    expect(describeGGUFQuantLabel("Q4_K_M")).toMatchObject({ type: "Q4_K", sizeVariation: "M", bitsPerWeight: 4.5 });
    expect(describeGGUFQuantLabel("iq4_xs")).toMatchObject({ type: "IQ4_XS", bitsPerWeight: 4.25 });
    expect(describeGGUFQuantLabel("IQ4_XS")?.sizeVariation).toBeUndefined();
    expect(describeGGUFQuantLabel("UD-Q4_K_XL")).toMatchObject({ type: "Q4_K", sizeVariation: "XL" });
    expect(describeGGUFQuantLabel("NVFP4")).toMatchObject({ type: "NVFP4", bitsPerWeight: 4.5 });
    expect(describeGGUFQuantLabel("Q9_Z")).toBeUndefined();
    expect(describeGGUFQuantLabel("__proto__")).toBeUndefined();
  });
});

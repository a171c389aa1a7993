import { describe, expect, it } from "vitest";
import { GGMLQuantizationType, GGUF_QUANT_RE, GGUF_QUANT_RE_GLOBAL, parseGGUFQuantLabel } from "../src/gguf.js";
import { describeGGUFQuantLabel, GGUF_QUANT_DESCRIPTIONS } from "../src/gguf-descriptions.js";
import { FACTS } from "./helpers/catalogue-facts.js";

// The established types, in declaration order (catalogue-facts.json `ggmlQuantizationType`).
const ESTABLISHED: Array<[string, number]> = Object.entries(FACTS.ggmlQuantizationType);
// ggml's later types (ggml.h): 31–33 and 36–38 were removed types.
const LATER: Array<[string, number]> = [
  ["TQ1_0", 34],
  ["TQ2_0", 35],
  ["MXFP4", 39],
];

describe("GGMLQuantizationType", () => {
  it("has the exact numbers, in declaration order, with reverse mapping", () => {
    expect(ESTABLISHED.length).toBe(29);
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

describe("GGUF_QUANT_RE", () => {
  it("alternates over every type name, then an optional size variation", () => {
    const names = [...ESTABLISHED, ...LATER].map(([name]) => name).join("|");
    expect(GGUF_QUANT_RE.source).toBe(`(?<quant>${names})(_(?<sizeVariation>[A-Z]+))?`);
    expect(GGUF_QUANT_RE.flags).toBe("");
    expect(GGUF_QUANT_RE_GLOBAL.source).toBe(GGUF_QUANT_RE.source);
    expect(GGUF_QUANT_RE_GLOBAL.flags).toBe("g");
    const match = GGUF_QUANT_RE.exec("MODEL-Q4_K_M.GGUF");
    expect(match?.groups?.quant).toBe("Q4_K");
    expect(match?.groups?.sizeVariation).toBe("M");
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
    expect(describeGGUFQuantLabel("Q9_Z")).toBeUndefined();
    expect(describeGGUFQuantLabel("__proto__")).toBeUndefined();
  });
});

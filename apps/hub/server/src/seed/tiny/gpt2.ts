// hubkit/tiny-random-gpt2: a GPT2LMHeadModel of 2 layers, width 32, random weights, with a byte-level BPE
// tokenizer learned from TINY_CORPUS (tokenizer.json for the fast tokenizer, vocab.json + merges.txt for the
// classic files). transformers loads it as it loads openai-community/gpt2; the text it writes is noise.
import type { SeedFile } from "../seed-files.js";
import { learnByteBpe } from "./byte-bpe.js";
import { TINY_CORPUS } from "./corpus.js";
import { jsonFile, textFile, vocabObject } from "./files.js";
import { safetensorsF32 } from "./safetensors-writer.js";
import { filled, layerNorm, random } from "./tensors.js";

export const TINY_GPT2_ID = "hubkit/tiny-random-gpt2";
const WIDTH = 32;
const LAYERS = 2;
const HEADS = 2;
const POSITIONS = 128;
const MERGES = 200;

/** GPT-2's Conv1D layers store weight [in, out] (the transpose of a linear layer). */
const conv1d = (prefix: string, inputs: number, outputs: number) => [
  random(`${prefix}.weight`, [inputs, outputs]),
  filled(`${prefix}.bias`, [outputs], 0),
];

function weights(vocabSize: number): Buffer {
  const tensors = [
    random("transformer.wte.weight", [vocabSize, WIDTH]),
    random("transformer.wpe.weight", [POSITIONS, WIDTH]),
  ];
  for (let layer = 0; layer < LAYERS; layer += 1) {
    const block = `transformer.h.${layer}`;
    tensors.push(
      ...layerNorm(`${block}.ln_1`, WIDTH),
      ...conv1d(`${block}.attn.c_attn`, WIDTH, 3 * WIDTH),
      ...conv1d(`${block}.attn.c_proj`, WIDTH, WIDTH),
      ...layerNorm(`${block}.ln_2`, WIDTH),
      ...conv1d(`${block}.mlp.c_fc`, WIDTH, 4 * WIDTH),
      ...conv1d(`${block}.mlp.c_proj`, 4 * WIDTH, WIDTH),
    );
  }
  tensors.push(...layerNorm("transformer.ln_f", WIDTH)); // lm_head is tied to wte
  return safetensorsF32(tensors);
}

const CARD = `---
license: mit
library_name: transformers
pipeline_tag: text-generation
tags:
- hubkit
- tiny
- random-weights
---

# hubkit/tiny-random-gpt2

A **tiny GPT-2 with random weights**, written by Hubkit when it seeds a new hub, so that trying the hub works
offline: download it, load it with \`transformers\`, run a \`pipeline\`, clone it with git. It has learned
nothing: the text it writes is noise. Its shapes, files and tokenizer are real (2 layers, width 32, a byte-level
BPE tokenizer of ${256 + MERGES + 1} tokens at most, learned from a few lines of text).

\`\`\`python
from transformers import pipeline

generator = pipeline(model="hubkit/tiny-random-gpt2")
print(generator("Hello, my name is", max_new_tokens=10))
\`\`\`

Every Hubkit hub writes the same bytes (a seeded generator), so its files have the same hashes everywhere.
`;

export function tinyGpt2Files(): SeedFile[] {
  const bpe = learnByteBpe(TINY_CORPUS, MERGES);
  const vocabSize = bpe.vocab.size;
  const eos = bpe.vocab.get(bpe.endOfText) as number;
  const special = { bos_token: bpe.endOfText, eos_token: bpe.endOfText, unk_token: bpe.endOfText };
  const byteLevel = { add_prefix_space: false, trim_offsets: true, use_regex: true };
  return [
    textFile("README.md", CARD),
    jsonFile("config.json", {
      architectures: ["GPT2LMHeadModel"],
      model_type: "gpt2",
      vocab_size: vocabSize,
      n_positions: POSITIONS,
      n_embd: WIDTH,
      n_layer: LAYERS,
      n_head: HEADS,
      n_inner: null,
      activation_function: "gelu_new",
      resid_pdrop: 0,
      embd_pdrop: 0,
      attn_pdrop: 0,
      layer_norm_epsilon: 1e-5,
      initializer_range: 0.02,
      bos_token_id: eos,
      eos_token_id: eos,
      tie_word_embeddings: true,
      torch_dtype: "float32",
    }),
    jsonFile("generation_config.json", { bos_token_id: eos, eos_token_id: eos }),
    jsonFile("tokenizer_config.json", {
      tokenizer_class: "GPT2Tokenizer",
      model_max_length: POSITIONS,
      add_prefix_space: false,
      clean_up_tokenization_spaces: false,
      ...special,
    }),
    jsonFile("special_tokens_map.json", special),
    jsonFile("vocab.json", vocabObject(bpe.vocab)),
    textFile("merges.txt", `#version: 0.2\n${bpe.merges.join("\n")}\n`),
    jsonFile("tokenizer.json", {
      version: "1.0",
      truncation: null,
      padding: null,
      added_tokens: [
        {
          id: eos,
          content: bpe.endOfText,
          single_word: false,
          lstrip: false,
          rstrip: false,
          normalized: true,
          special: true,
        },
      ],
      normalizer: null,
      pre_tokenizer: { type: "ByteLevel", ...byteLevel },
      post_processor: { type: "ByteLevel", ...byteLevel, trim_offsets: false },
      decoder: { type: "ByteLevel", ...byteLevel },
      model: {
        type: "BPE",
        dropout: null,
        unk_token: null,
        continuing_subword_prefix: "",
        end_of_word_suffix: "",
        fuse_unk: false,
        byte_fallback: false,
        ignore_merges: false,
        vocab: vocabObject(bpe.vocab),
        merges: bpe.merges,
      },
    }),
    { path: "model.safetensors", content: weights(vocabSize) },
  ];
}

// hubkit/tiny-random-gguf: a llama-architecture GGUF v3 file with real tensors (2 blocks, width 32; F32 norms,
// F16 matrices; random weights) and the byte-level BPE tokenizer of the tiny GPT-2, so GGUF readers and the hub's
// GGUF summary (architecture, context length, chat template, special tokens, parameter count) see a whole model.
import type { SeedFile } from "../seed-files.js";
import { learnByteBpe } from "./byte-bpe.js";
import { TINY_CORPUS } from "./corpus.js";
import { textFile } from "./files.js";
import { type GgufTensor, type GgufValue, writeGguf } from "./gguf-writer.js";
import { uniformValues } from "./prng.js";

export const TINY_GGUF_ID = "hubkit/tiny-random-gguf";
export const TINY_GGUF_FILE = "tiny-random-llama-F16.gguf";
const WIDTH = 32;
const BLOCKS = 2;
const HEADS = 4;
const KV_HEADS = 2;
const FEED_FORWARD = 64;
const CONTEXT = 256;
const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|' + message['role'] + '|>\\n' + message['content'] + '<|endoftext|>\\n' }}" +
  "{% endfor %}{% if add_generation_prompt %}{{ '<|assistant|>\\n' }}{% endif %}";

const matrix = (name: string, dims: [number, number]): GgufTensor => ({
  name,
  dims,
  format: "F16",
  values: uniformValues(`gguf:${name}`, dims[0] * dims[1]),
});
const norm = (name: string): GgufTensor => ({
  name,
  dims: [WIDTH],
  format: "F32",
  values: new Float32Array(WIDTH).fill(1),
});

export function tinyGgufTensors(vocabSize: number): GgufTensor[] {
  const kvWidth = (WIDTH / HEADS) * KV_HEADS;
  const tensors = [matrix("token_embd.weight", [WIDTH, vocabSize])];
  for (let block = 0; block < BLOCKS; block += 1) {
    const prefix = `blk.${block}`;
    tensors.push(
      norm(`${prefix}.attn_norm.weight`),
      matrix(`${prefix}.attn_q.weight`, [WIDTH, WIDTH]),
      matrix(`${prefix}.attn_k.weight`, [WIDTH, kvWidth]),
      matrix(`${prefix}.attn_v.weight`, [WIDTH, kvWidth]),
      matrix(`${prefix}.attn_output.weight`, [WIDTH, WIDTH]),
      norm(`${prefix}.ffn_norm.weight`),
      matrix(`${prefix}.ffn_gate.weight`, [WIDTH, FEED_FORWARD]),
      matrix(`${prefix}.ffn_up.weight`, [WIDTH, FEED_FORWARD]),
      matrix(`${prefix}.ffn_down.weight`, [FEED_FORWARD, WIDTH]),
    );
  }
  tensors.push(norm("output_norm.weight"), matrix("output.weight", [WIDTH, vocabSize]));
  return tensors;
}

function ggufFile(): Buffer {
  const bpe = learnByteBpe(TINY_CORPUS, 200);
  const tokens = [...bpe.vocab].sort((a, b) => a[1] - b[1]).map(([token]) => token);
  const eos = bpe.vocab.get(bpe.endOfText) as number;
  const metadata: [string, GgufValue][] = [
    ["general.architecture", { type: "string", value: "llama" }],
    ["general.name", { type: "string", value: "tiny-random-llama" }],
    ["general.file_type", { type: "uint32", value: 1 }], // mostly F16
    ["llama.context_length", { type: "uint32", value: CONTEXT }],
    ["llama.embedding_length", { type: "uint32", value: WIDTH }],
    ["llama.block_count", { type: "uint32", value: BLOCKS }],
    ["llama.feed_forward_length", { type: "uint32", value: FEED_FORWARD }],
    ["llama.attention.head_count", { type: "uint32", value: HEADS }],
    ["llama.attention.head_count_kv", { type: "uint32", value: KV_HEADS }],
    ["llama.rope.dimension_count", { type: "uint32", value: WIDTH / HEADS }],
    ["llama.attention.layer_norm_rms_epsilon", { type: "float32", value: 1e-5 }],
    ["llama.vocab_size", { type: "uint32", value: tokens.length }],
    ["tokenizer.ggml.model", { type: "string", value: "gpt2" }],
    ["tokenizer.ggml.pre", { type: "string", value: "default" }],
    ["tokenizer.ggml.tokens", { type: "strings", value: tokens }],
    ["tokenizer.ggml.token_type", { type: "int32s", value: tokens.map((_, id) => (id === eos ? 3 : 1)) }],
    ["tokenizer.ggml.merges", { type: "strings", value: bpe.merges }],
    ["tokenizer.ggml.bos_token_id", { type: "uint32", value: eos }],
    ["tokenizer.ggml.eos_token_id", { type: "uint32", value: eos }],
    ["tokenizer.chat_template", { type: "string", value: CHAT_TEMPLATE }],
  ];
  return writeGguf(metadata, tinyGgufTensors(tokens.length));
}

const CARD = `---
license: mit
library_name: gguf
pipeline_tag: text-generation
tags:
- hubkit
- tiny
- random-weights
- gguf
---

# hubkit/tiny-random-gguf

A **tiny llama-architecture GGUF file with random weights** (\`${TINY_GGUF_FILE}\`: 2 blocks, width 32, F32 norms
and F16 matrices, a byte-level BPE vocabulary and a chat template), written by Hubkit when it seeds a new hub, so
that GGUF tools and the hub's GGUF view can be tried offline. It has learned nothing: what it writes is noise.

A \`git clone\` of this repository with git-lfs installed gives the whole file (\`*.gguf\` is an LFS pattern in its
\`.gitattributes\`).
`;

export function tinyGgufFiles(): SeedFile[] {
  return [textFile("README.md", CARD), { path: TINY_GGUF_FILE, content: ggufFile() }];
}

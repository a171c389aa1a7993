// hubkit/tiny-random-bert: a BertForMaskedLM of 2 layers, width 32, random weights, with a lower-casing WordPiece
// vocabulary (special tokens, single characters, "##" continuations, the words of TINY_CORPUS) as vocab.txt and
// tokenizer.json. The fill-mask pipeline runs on it; its guesses are noise.
import type { SeedFile } from "../seed-files.js";
import { TINY_CORPUS } from "./corpus.js";
import { jsonFile, textFile, vocabObject } from "./files.js";
import { safetensorsF32 } from "./safetensors-writer.js";
import { filled, layerNorm, linear, random } from "./tensors.js";

export const TINY_BERT_ID = "hubkit/tiny-random-bert";
const WIDTH = 32;
const LAYERS = 2;
const HEADS = 2;
const INTERMEDIATE = 64;
const POSITIONS = 128;
const SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;

function wordPieceVocab(): Map<string, number> {
  const tokens: string[] = [...SPECIAL];
  const characters = [..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~0123456789abcdefghijklmnopqrstuvwxyz"];
  tokens.push(...characters, ...characters.filter((char) => /[a-z0-9]/.test(char)).map((char) => `##${char}`));
  for (const word of TINY_CORPUS.toLowerCase().match(/[a-z]+/g) ?? [])
    if (word.length > 1 && !tokens.includes(word)) tokens.push(word);
  return new Map(tokens.map((token, id) => [token, id]));
}

function weights(vocabSize: number): Buffer {
  const tensors = [
    random("bert.embeddings.word_embeddings.weight", [vocabSize, WIDTH]),
    random("bert.embeddings.position_embeddings.weight", [POSITIONS, WIDTH]),
    random("bert.embeddings.token_type_embeddings.weight", [2, WIDTH]),
    ...layerNorm("bert.embeddings.LayerNorm", WIDTH),
  ];
  for (let layer = 0; layer < LAYERS; layer += 1) {
    const block = `bert.encoder.layer.${layer}`;
    tensors.push(
      ...linear(`${block}.attention.self.query`, WIDTH, WIDTH),
      ...linear(`${block}.attention.self.key`, WIDTH, WIDTH),
      ...linear(`${block}.attention.self.value`, WIDTH, WIDTH),
      ...linear(`${block}.attention.output.dense`, WIDTH, WIDTH),
      ...layerNorm(`${block}.attention.output.LayerNorm`, WIDTH),
      ...linear(`${block}.intermediate.dense`, WIDTH, INTERMEDIATE),
      ...linear(`${block}.output.dense`, INTERMEDIATE, WIDTH),
      ...layerNorm(`${block}.output.LayerNorm`, WIDTH),
    );
  }
  // The decoder's weight and bias are tied to the word embeddings and cls.predictions.bias.
  tensors.push(
    filled("cls.predictions.bias", [vocabSize], 0),
    ...linear("cls.predictions.transform.dense", WIDTH, WIDTH),
    ...layerNorm("cls.predictions.transform.LayerNorm", WIDTH),
  );
  return safetensorsF32(tensors);
}

const CARD = `---
license: mit
library_name: transformers
pipeline_tag: fill-mask
tags:
- hubkit
- tiny
- random-weights
---

# hubkit/tiny-random-bert

A **tiny BERT with random weights** (masked language model), written by Hubkit when it seeds a new hub, so that
trying the hub works offline. It has learned nothing: its guesses for \`[MASK]\` are noise. Its shapes, files and
WordPiece tokenizer are real (2 layers, width 32, a lower-casing vocabulary of single characters and a few words).

\`\`\`python
from transformers import pipeline

unmasker = pipeline("fill-mask", model="hubkit/tiny-random-bert")
print(unmasker("The capital of France is [MASK]."))
\`\`\`
`;

export function tinyBertFiles(): SeedFile[] {
  const vocab = wordPieceVocab();
  const id = (token: string) => vocab.get(token) as number;
  const special = {
    unk_token: "[UNK]",
    sep_token: "[SEP]",
    pad_token: "[PAD]",
    cls_token: "[CLS]",
    mask_token: "[MASK]",
  };
  return [
    textFile("README.md", CARD),
    jsonFile("config.json", {
      architectures: ["BertForMaskedLM"],
      model_type: "bert",
      vocab_size: vocab.size,
      hidden_size: WIDTH,
      num_hidden_layers: LAYERS,
      num_attention_heads: HEADS,
      intermediate_size: INTERMEDIATE,
      hidden_act: "gelu",
      hidden_dropout_prob: 0.1,
      attention_probs_dropout_prob: 0.1,
      max_position_embeddings: POSITIONS,
      type_vocab_size: 2,
      initializer_range: 0.02,
      layer_norm_eps: 1e-12,
      pad_token_id: 0,
      position_embedding_type: "absolute",
      tie_word_embeddings: true,
      torch_dtype: "float32",
    }),
    jsonFile("tokenizer_config.json", {
      tokenizer_class: "BertTokenizer",
      do_lower_case: true,
      model_max_length: POSITIONS,
      ...special,
    }),
    jsonFile("special_tokens_map.json", special),
    textFile("vocab.txt", `${[...vocab.keys()].join("\n")}\n`),
    jsonFile("tokenizer.json", {
      version: "1.0",
      truncation: null,
      padding: null,
      added_tokens: SPECIAL.map((content) => ({
        id: id(content),
        content,
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: true,
      })),
      normalizer: {
        type: "BertNormalizer",
        clean_text: true,
        handle_chinese_chars: true,
        strip_accents: null,
        lowercase: true,
      },
      pre_tokenizer: { type: "BertPreTokenizer" },
      post_processor: {
        type: "TemplateProcessing",
        single: [
          { SpecialToken: { id: "[CLS]", type_id: 0 } },
          { Sequence: { id: "A", type_id: 0 } },
          { SpecialToken: { id: "[SEP]", type_id: 0 } },
        ],
        pair: [
          { SpecialToken: { id: "[CLS]", type_id: 0 } },
          { Sequence: { id: "A", type_id: 0 } },
          { SpecialToken: { id: "[SEP]", type_id: 0 } },
          { Sequence: { id: "B", type_id: 1 } },
          { SpecialToken: { id: "[SEP]", type_id: 1 } },
        ],
        special_tokens: {
          "[CLS]": { id: "[CLS]", ids: [id("[CLS]")], tokens: ["[CLS]"] },
          "[SEP]": { id: "[SEP]", ids: [id("[SEP]")], tokens: ["[SEP]"] },
        },
      },
      decoder: { type: "WordPiece", prefix: "##", cleanup: true },
      model: {
        type: "WordPiece",
        unk_token: "[UNK]",
        continuing_subword_prefix: "##",
        max_input_chars_per_word: 100,
        vocab: vocabObject(vocab),
      },
    }),
    { path: "model.safetensors", content: weights(vocab.size) },
  ];
}

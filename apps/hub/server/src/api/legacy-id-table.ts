// The hub's legacy one-segment ids (hub-api.md §2.2, §5): the canonical models and datasets that predate namespaces
// and were later moved into the organisations that publish them. The hub keeps answering the old ids with a
// relative 307 to the new one, so `from_pretrained("gpt2")` and `load_dataset("squad")` still work; Hubkit does the
// same for the well-known ones below (api/legacy-ids.ts). This is public knowledge, not a statement about what this
// hub stores: a redirect says only what this table says. Keys are lower case (ids are case-insensitive).
import type { RepoType } from "../repos/repo-ref.js";

const MODELS: Readonly<Record<string, string>> = {
  // OpenAI's GPT models.
  gpt2: "openai-community/gpt2",
  "gpt2-medium": "openai-community/gpt2-medium",
  "gpt2-large": "openai-community/gpt2-large",
  "gpt2-xl": "openai-community/gpt2-xl",
  "openai-gpt": "openai-community/openai-gpt",
  // Google's BERT checkpoints.
  "bert-base-uncased": "google-bert/bert-base-uncased",
  "bert-base-cased": "google-bert/bert-base-cased",
  "bert-large-uncased": "google-bert/bert-large-uncased",
  "bert-large-cased": "google-bert/bert-large-cased",
  "bert-base-multilingual-uncased": "google-bert/bert-base-multilingual-uncased",
  "bert-base-multilingual-cased": "google-bert/bert-base-multilingual-cased",
  "bert-base-chinese": "google-bert/bert-base-chinese",
  "bert-large-uncased-whole-word-masking-finetuned-squad":
    "google-bert/bert-large-uncased-whole-word-masking-finetuned-squad",
  // Google's T5.
  "t5-small": "google-t5/t5-small",
  "t5-base": "google-t5/t5-base",
  "t5-large": "google-t5/t5-large",
  "t5-3b": "google-t5/t5-3b",
  "t5-11b": "google-t5/t5-11b",
  // Facebook AI's RoBERTa and XLM-RoBERTa.
  "roberta-base": "FacebookAI/roberta-base",
  "roberta-large": "FacebookAI/roberta-large",
  "roberta-large-mnli": "FacebookAI/roberta-large-mnli",
  "xlm-roberta-base": "FacebookAI/xlm-roberta-base",
  "xlm-roberta-large": "FacebookAI/xlm-roberta-large",
  "xlm-roberta-large-finetuned-conll03-english": "FacebookAI/xlm-roberta-large-finetuned-conll03-english",
  // The distilled models.
  "distilbert-base-uncased": "distilbert/distilbert-base-uncased",
  "distilbert-base-cased": "distilbert/distilbert-base-cased",
  "distilbert-base-multilingual-cased": "distilbert/distilbert-base-multilingual-cased",
  "distilbert-base-uncased-finetuned-sst-2-english": "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
  "distilbert-base-cased-distilled-squad": "distilbert/distilbert-base-cased-distilled-squad",
  distilgpt2: "distilbert/distilgpt2",
  "distilroberta-base": "distilbert/distilroberta-base",
  // ALBERT, XLNet, CTRL, CamemBERT.
  "albert-base-v1": "albert/albert-base-v1",
  "albert-base-v2": "albert/albert-base-v2",
  "albert-large-v2": "albert/albert-large-v2",
  "albert-xlarge-v2": "albert/albert-xlarge-v2",
  "albert-xxlarge-v2": "albert/albert-xxlarge-v2",
  "xlnet-base-cased": "xlnet/xlnet-base-cased",
  "xlnet-large-cased": "xlnet/xlnet-large-cased",
  ctrl: "Salesforce/ctrl",
  "camembert-base": "almanach/camembert-base",
};

const DATASETS: Readonly<Record<string, string>> = {
  squad: "rajpurkar/squad",
  squad_v2: "rajpurkar/squad_v2",
  imdb: "stanfordnlp/imdb",
  snli: "stanfordnlp/snli",
  glue: "nyu-mll/glue",
  multi_nli: "nyu-mll/multi_nli",
  wikitext: "Salesforce/wikitext",
  mnist: "ylecun/mnist",
  cifar10: "uoft-cs/cifar10",
  cifar100: "uoft-cs/cifar100",
  ag_news: "fancyzhx/ag_news",
  emotion: "dair-ai/emotion",
  gsm8k: "openai/gsm8k",
  openai_humaneval: "openai/openai_humaneval",
  cnn_dailymail: "abisee/cnn_dailymail",
};

/** Old id (lower case) → canonical id, per repository type. Spaces never had one-segment ids. */
export const LEGACY_IDS: Readonly<Record<RepoType, Readonly<Record<string, string>>>> = {
  model: MODELS,
  dataset: DATASETS,
  space: {},
};

/**
 * Is `name` a legacy one-segment id of any type? Such a name can be no account: its pages and API paths redirect
 * to the canonical repository (api/legacy-ids.ts), so an account of that name would be unreachable.
 */
export function isLegacyName(name: string): boolean {
  const key = name.toLowerCase();
  return Object.values(LEGACY_IDS).some((table) => Object.hasOwn(table, key));
}

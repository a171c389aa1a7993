// Text tasks other than generation: classification, extraction, QA, similarity, seq2seq.
import type {
  ClassificationOutputElement,
  ClassificationParameters,
  Text2TextGenerationTruncationStrategy,
} from "./common.js";

export type TextClassificationParameters = ClassificationParameters;
export interface TextClassificationInput {
  inputs: string;
  parameters?: TextClassificationParameters;
  [property: string]: unknown;
}
export type TextClassificationOutputElement = ClassificationOutputElement;
export type TextClassificationOutput = TextClassificationOutputElement[];

export type TokenClassificationAggregationStrategy = "none" | "simple" | "first" | "average" | "max";
export interface TokenClassificationParameters {
  aggregation_strategy?: TokenClassificationAggregationStrategy;
  ignore_labels?: string[];
  stride?: number;
  [property: string]: unknown;
}
export interface TokenClassificationInput {
  inputs: string;
  parameters?: TokenClassificationParameters;
  [property: string]: unknown;
}
export interface TokenClassificationOutputElement {
  end: number;
  /** The predicted label (without aggregation). */
  entity?: string;
  /** The predicted label of a group of tokens (with aggregation). */
  entity_group?: string;
  score: number;
  start: number;
  word: string;
  [property: string]: unknown;
}
export type TokenClassificationOutput = TokenClassificationOutputElement[];

export type FeatureExtractionInputTruncationDirection = "Left" | "Right";
export interface FeatureExtractionInput {
  inputs: string | string[];
  normalize?: boolean;
  prompt_name?: string;
  truncate?: boolean;
  truncation_direction?: FeatureExtractionInputTruncationDirection;
  [property: string]: unknown;
}

export interface FillMaskParameters {
  targets?: string[];
  top_k?: number;
  [property: string]: unknown;
}
export interface FillMaskInput {
  inputs: string;
  parameters?: FillMaskParameters;
  [property: string]: unknown;
}
export interface FillMaskOutputElement {
  score: number;
  sequence: string;
  token: number;
  token_str: string;
  [property: string]: unknown;
}
export type FillMaskOutput = FillMaskOutputElement[];

export interface QuestionAnsweringInputData {
  context: string;
  question: string;
  [property: string]: unknown;
}
export interface QuestionAnsweringParameters {
  align_to_words?: boolean;
  doc_stride?: number;
  handle_impossible_answer?: boolean;
  max_answer_len?: number;
  max_question_len?: number;
  max_seq_len?: number;
  top_k?: number;
  [property: string]: unknown;
}
export interface QuestionAnsweringInput {
  inputs: QuestionAnsweringInputData;
  parameters?: QuestionAnsweringParameters;
  [property: string]: unknown;
}
export interface QuestionAnsweringOutputElement {
  answer: string;
  end: number;
  score: number;
  start: number;
  [property: string]: unknown;
}
export type QuestionAnsweringOutput = QuestionAnsweringOutputElement[];

export interface SentenceSimilarityInputData {
  source_sentence: string;
  sentences: string[];
  [property: string]: unknown;
}
export interface SentenceSimilarityInput {
  inputs: SentenceSimilarityInputData;
  parameters?: { [key: string]: unknown };
  [property: string]: unknown;
}
export type SentenceSimilarityOutput = number[];

export interface SummarizationParameters {
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: { [key: string]: unknown };
  truncation?: Text2TextGenerationTruncationStrategy;
  [property: string]: unknown;
}
export interface SummarizationInput {
  inputs: string;
  parameters?: SummarizationParameters;
  [property: string]: unknown;
}
export interface SummarizationOutput {
  summary_text: string;
  [property: string]: unknown;
}

export type TableQuestionAnsweringPadding = "do_not_pad" | "longest" | "max_length";
export interface TableQuestionAnsweringInputData {
  question: string;
  table: { [key: string]: string[] };
  [property: string]: unknown;
}
export interface TableQuestionAnsweringParameters {
  padding?: TableQuestionAnsweringPadding;
  sequential?: boolean;
  truncation?: boolean;
  [property: string]: unknown;
}
export interface TableQuestionAnsweringInput {
  inputs: TableQuestionAnsweringInputData;
  parameters?: TableQuestionAnsweringParameters;
  [property: string]: unknown;
}
export interface TableQuestionAnsweringOutputElement {
  aggregator?: string;
  answer: string;
  cells: string[];
  coordinates: number[][];
  [property: string]: unknown;
}
export type TableQuestionAnsweringOutput = TableQuestionAnsweringOutputElement[];

export interface Text2TextGenerationParameters {
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: { [key: string]: unknown };
  truncation?: Text2TextGenerationTruncationStrategy;
  [property: string]: unknown;
}
export interface Text2TextGenerationInput {
  inputs: string;
  parameters?: Text2TextGenerationParameters;
  [property: string]: unknown;
}
export interface Text2TextGenerationOutput {
  generated_text: string;
  [property: string]: unknown;
}

export interface TranslationParameters {
  clean_up_tokenization_spaces?: boolean;
  generate_parameters?: { [key: string]: unknown };
  src_lang?: string;
  tgt_lang?: string;
  truncation?: Text2TextGenerationTruncationStrategy;
  [property: string]: unknown;
}
export interface TranslationInput {
  inputs: string;
  parameters?: TranslationParameters;
  [property: string]: unknown;
}
export interface TranslationOutput {
  translation_text: string;
  [property: string]: unknown;
}

export interface ZeroShotClassificationParameters {
  candidate_labels: string[];
  hypothesis_template?: string;
  multi_label?: boolean;
  [property: string]: unknown;
}
export interface ZeroShotClassificationInput {
  inputs: string;
  parameters: ZeroShotClassificationParameters;
  [property: string]: unknown;
}
export type ZeroShotClassificationOutputElement = ClassificationOutputElement;
export type ZeroShotClassificationOutput = ZeroShotClassificationOutputElement[];

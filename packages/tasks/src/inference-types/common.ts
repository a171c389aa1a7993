// Definitions shared by several task specs. Object types accept extra properties (`[property: string]: unknown`).

/** How classification scores are normalised. */
export type ClassificationOutputTransform = "sigmoid" | "softmax" | "none";

/** Whether beam search stops early: true, false, or "never" (a heuristic that never stops early). */
export type EarlyStoppingUnion = boolean | "never";

/** Text generation options of the transformers `generate` method. */
export interface GenerationParameters {
  do_sample?: boolean;
  early_stopping?: EarlyStoppingUnion;
  epsilon_cutoff?: number;
  eta_cutoff?: number;
  max_length?: number;
  max_new_tokens?: number;
  min_length?: number;
  min_new_tokens?: number;
  num_beam_groups?: number;
  num_beams?: number;
  penalty_alpha?: number;
  temperature?: number;
  top_k?: number;
  top_p?: number;
  typical_p?: number;
  use_cache?: boolean;
  [property: string]: unknown;
}

/** A box in image pixel coordinates. */
export interface BoundingBox {
  xmax: number;
  xmin: number;
  ymax: number;
  ymin: number;
  [property: string]: unknown;
}

/** One label with its score (classification outputs). */
export interface ClassificationOutputElement {
  label: string;
  score: number;
  [property: string]: unknown;
}

/** Parameters of the classification tasks. */
export interface ClassificationParameters {
  function_to_apply?: ClassificationOutputTransform;
  top_k?: number;
  [property: string]: unknown;
}

/** Truncation strategy of the text-to-text pipelines. */
export type Text2TextGenerationTruncationStrategy = "do_not_truncate" | "longest_first" | "only_first" | "only_second";

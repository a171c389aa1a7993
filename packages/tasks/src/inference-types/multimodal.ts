// Tasks over an image and a question: document and visual question answering.

export interface DocumentQuestionAnsweringInputData {
  image: unknown;
  question: string;
  [property: string]: unknown;
}
/** A word with its box ([x0, y0, x1, y1]) or the word alone, as OCR would give it. */
export type WordBox = number[] | string;
export interface DocumentQuestionAnsweringParameters {
  doc_stride?: number;
  handle_impossible_answer?: boolean;
  lang?: string;
  max_answer_len?: number;
  max_question_len?: number;
  max_seq_len?: number;
  top_k?: number;
  word_boxes?: WordBox[];
  [property: string]: unknown;
}
export interface DocumentQuestionAnsweringInput {
  inputs: DocumentQuestionAnsweringInputData;
  parameters?: DocumentQuestionAnsweringParameters;
  [property: string]: unknown;
}
export interface DocumentQuestionAnsweringOutputElement {
  answer: string;
  /** Index of the last word of the answer. */
  end: number;
  score: number;
  /** Index of the first word of the answer. */
  start: number;
  [property: string]: unknown;
}
export type DocumentQuestionAnsweringOutput = DocumentQuestionAnsweringOutputElement[];

export interface VisualQuestionAnsweringInputData {
  image: unknown;
  question: string;
  [property: string]: unknown;
}
export interface VisualQuestionAnsweringParameters {
  top_k?: number;
  [property: string]: unknown;
}
export interface VisualQuestionAnsweringInput {
  inputs: VisualQuestionAnsweringInputData;
  parameters?: VisualQuestionAnsweringParameters;
  [property: string]: unknown;
}
export interface VisualQuestionAnsweringOutputElement {
  answer?: string;
  score: number;
  [property: string]: unknown;
}
export type VisualQuestionAnsweringOutput = VisualQuestionAnsweringOutputElement[];

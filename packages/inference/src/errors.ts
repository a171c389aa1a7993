// `@hubkit/inference/errors`: the typed error classes, for `instanceof` checks. Kept out of the main entry so it
// exports exactly the names of inference.md §2.1.
export {
  type HttpErrorResponse,
  InferenceClientError,
  InferenceClientHttpError,
  InferenceClientInputError,
  InferenceClientLimitError,
  InferenceClientNetworkError,
  InferenceClientStreamError,
  InferenceOutputError,
  InferenceTimeoutError,
  type RedactedRequest,
} from "./lib/errors.js";

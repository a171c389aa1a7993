// Errors thrown when a snippet function is given something that is not a model record.

/** The model given to a library snippet function is not a usable model record. */
export class InvalidModelDataError extends TypeError {
  override readonly name = "InvalidModelDataError";
}

export const MODEL_NOT_OBJECT = "model must be an object";
export const MODEL_ID_INVALID = "model.id must be a non-empty string";
export const MODEL_TAGS_INVALID = "model.tags must be an array";

// Why a dataset could not be converted: one of the service's error codes and a message for people. Stored with the
// conversion (schema.ts) and answered by every route of that dataset (501).

export type ConversionErrorCode =
  | "DatasetTooBigError"
  | "UnsupportedFileFormatError"
  | "MalformedFileError"
  | "EmptyDatasetError"
  | "ConfigNamesError"
  | "DatasetConversionError";

export class ConversionError extends Error {
  override readonly name = "ConversionError";
  constructor(
    readonly code: ConversionErrorCode,
    message: string,
  ) {
    super(message);
  }
}

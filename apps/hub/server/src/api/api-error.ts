// Errors the API answers with: a status and a message, sent as `{ "error": message }` (the field the inference
// client reads). Anything else that escapes a handler becomes a 500 with a generic message.
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: 400 | 404 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

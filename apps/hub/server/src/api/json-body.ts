// A small JSON request body, read with a byte cap (a chunked body has no Content-Length to check up front) and
// checked to be an object. Used by the account, admin and repository-lifecycle routes.
import type { Context } from "hono";
import { ApiError } from "./api-error.js";

export const MAX_JSON_BODY = 64 * 1024;

export async function readJsonObject(c: Context, maxBytes = MAX_JSON_BODY): Promise<Record<string, unknown>> {
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > maxBytes)
    throw new ApiError(413, `The request body is larger than ${maxBytes} bytes`);
  const chunks: Buffer[] = [];
  let total = 0;
  const body = c.req.raw.body;
  if (body !== null) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ApiError(413, `The request body is larger than ${maxBytes} bytes`);
      }
      chunks.push(Buffer.from(value));
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError(400, "The request body is not valid UTF-8");
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body must be a JSON object");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, "The request body must be a JSON object");
  return parsed as Record<string, unknown>;
}

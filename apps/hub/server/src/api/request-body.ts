// Request bodies read with a cap: a client cannot make the server buffer more than the route allows.
import type { Context } from "hono";
import { ApiError } from "./api-error.js";

export async function boundedBody(c: Context, maxBytes: number): Promise<Buffer> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > maxBytes) throw new ApiError(413, `Request body larger than ${maxBytes} bytes`);
  const body = c.req.raw.body;
  if (body === null) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ApiError(413, `Request body larger than ${maxBytes} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** A JSON object body (≤ maxBytes); anything else is a 400. */
export async function jsonObjectBody(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
  const bytes = await boundedBody(c, maxBytes);
  let value: unknown;
  try {
    value = bytes.length === 0 ? {} : JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ApiError(400, "The request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ApiError(400, "The request body must be a JSON object");
  return value as Record<string, unknown>;
}

/** `true`, `True`, `1` (the clients' boolean spellings, hub-api.md §0). */
export function truthy(value: string | undefined | null): boolean {
  return value === "true" || value === "True" || value === "1";
}

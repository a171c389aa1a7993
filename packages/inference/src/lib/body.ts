// Reading a response body within bounds: a byte cap (checked against Content-Length first, then while reading,
// before anything larger is kept) and the exchange's idle watch fed by each chunk. Every ending — done, too
// large, aborted, connection lost — releases the connection and the watch.

import type { Options } from "../types.js";
import { InferenceClientLimitError } from "./errors.js";
import type { Fetched } from "./fetched.js";
import { failure } from "./fetched.js";
import { limitOf } from "./limits.js";

type ByteLimit = "maxJsonBytes" | "maxErrorBytes" | "maxBlobBytes";

/** The body's chunks, at most `options[limit]` bytes in total. */
export async function readChunks(
  fetched: Fetched,
  options: Options | undefined,
  limit: ByteLimit,
): Promise<Uint8Array[]> {
  const { response } = fetched;
  const max = limitOf(options, limit);
  const tooLarge = () => new InferenceClientLimitError(`The response body of ${fetched.url}`, limit, max);
  const declared = Number(response.headers.get("Content-Length"));
  if (declared > max) {
    await discardBody(fetched);
    throw tooLarge();
  }
  // With a declared length and no content coding (a decoded body can outgrow its Content-Length), the body is
  // complete once that many bytes arrived: stop there instead of awaiting the end-of-stream read, and read no more
  // even from a fetch whose stream outruns its header.
  const complete = declared > 0 && !response.headers.has("Content-Encoding") ? declared : -1;
  const body = response.body;
  if (!body) {
    fetched.finish();
    return [];
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const { signal } = fetched;
  // One hook per body rather than a race per chunk: cancelling settles a pending read (a custom fetch may ignore
  // the signal), and the abort reason is thrown once the read returns.
  fetched.onAbort((reason) => {
    reader.cancel(reason).catch(() => {});
  });
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) return chunks;
      fetched.touch();
      total += value.byteLength;
      if (total > max) throw tooLarge();
      chunks.push(value);
      // Neither cancelled (the stream ends by itself; cancelling could cost an HTTP stack its kept-alive socket)
      // nor unlocked (releasing builds an error for the reader's `closed` promise): nothing else reads this body.
      if (total === complete) return chunks;
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error instanceof InferenceClientLimitError ? error : failure(fetched.signal, fetched.url, error);
  } finally {
    fetched.finish();
  }
}

/** One decoder for every body: decoding is synchronous and ends with a flush, so no state carries over. */
const utf8 = new TextDecoder();

function decodeChunks(chunks: Uint8Array[]): string {
  if (chunks.length === 1) return utf8.decode(chunks[0]);
  let text = "";
  for (const chunk of chunks) text += utf8.decode(chunk, { stream: true });
  return text + utf8.decode();
}

export async function readText(fetched: Fetched, options: Options | undefined, limit: ByteLimit): Promise<string> {
  return decodeChunks(await readChunks(fetched, options, limit));
}

/** Parsed JSON (a SyntaxError when it is not JSON, like `Response.json()`). */
export async function readJson(
  fetched: Fetched,
  options: Options | undefined,
  limit: ByteLimit = "maxJsonBytes",
): Promise<unknown> {
  return JSON.parse(await readText(fetched, options, limit));
}

export async function readBlob(fetched: Fetched, options: Options | undefined): Promise<Blob> {
  const chunks = await readChunks(fetched, options, "maxBlobBytes");
  // Fetch bodies are never backed by a SharedArrayBuffer, which is all the lib types object to.
  return new Blob(chunks as Uint8Array<ArrayBuffer>[], { type: fetched.response.headers.get("Content-Type") ?? "" });
}

/** Drops the body unread (frees the connection) and stops the watch. */
export async function discardBody(fetched: Fetched): Promise<void> {
  fetched.finish();
  await fetched.response.body?.cancel().catch(() => {});
}

// An upload's request body behind a pass-through, so that what stops reading it early cannot take the request (or
// the process) down with it.
import type { IncomingMessage } from "node:http";
import { PassThrough, type Readable } from "node:stream";
import { ApiError } from "../api/api-error.js";

/**
 * The request through a pass-through: a consumer that stops early (a body longer than declared, a bad hash)
 * destroys only the pass-through, so the request stays readable for the transfer's discardBody and the client
 * gets the answer instead of a reset. A request that ends early (the client went away) fails the pass-through.
 */
export function detachedBody(incoming: IncomingMessage): Readable {
  const through = new PassThrough({ highWaterMark: 1024 * 1024 });
  // A consumer sees the failure through its own reading. Without a listener of our own, a client that went away
  // before the consumer started reading (while the store checked what it holds) or after it stopped would raise
  // an 'error' event nobody listens to, which ends the process.
  through.on("error", () => {});
  incoming.pipe(through);
  incoming.once("close", () => {
    if (!incoming.complete) through.destroy(new ApiError(400, "The upload was interrupted"));
  });
  return through;
}

// black-forest-labs: text-to-image as an async job — POST, then poll `polling_url` (5 × 1 s) until `Ready` (§4.4).

import { BFL_POLL_ATTEMPTS, BFL_POLL_INTERVAL_MS } from "../config.js";
import { discardBody, readJson } from "../lib/body.js";
import { sleep } from "../lib/call.js";
import { InferenceClientError, InferenceOutputError } from "../lib/errors.js";
import { callFetch } from "../lib/fetched.js";
import { defineHelper, imageFromUrl, splitArgs } from "./base.js";
import type { ResponseContext } from "./types.js";
import { isObject, isString } from "./validate.js";

export const BLACK_FOREST_LABS_URL = "https://api.us1.bfl.ai";
const FAILURE = "Failed to fetch result from black forest labs API";

export const blackForestLabsTextToImage = /* @__PURE__ */ defineHelper<string | Blob>({
  provider: "black-forest-labs",
  task: "text-to-image",
  directUrl: BLACK_FOREST_LABS_URL,
  keyScheme: "X-Key",
  route: ({ model }) => `v1/${model}`,
  payload: ({ args }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, prompt: inputs };
  },
  getResponse: (response, context) => pollBlackForestLabs(response, context),
});

async function pollBlackForestLabs(response: unknown, context: ResponseContext): Promise<string | Blob> {
  const pollingUrl = isObject(response) && isString(response.polling_url) ? response.polling_url : undefined;
  if (!pollingUrl) throw new InferenceOutputError(FAILURE);
  const url = new URL(pollingUrl);
  for (let attempt = 0; attempt < BFL_POLL_ATTEMPTS; attempt++) {
    await sleep(BFL_POLL_INTERVAL_MS, context.call.signal);
    console.debug(`Polling Black Forest Labs API for the result... ${attempt + 1}/${BFL_POLL_ATTEMPTS}`);
    url.searchParams.set("attempt", attempt.toString());
    // Only a Content-Type: the polling URL is pre-signed, credentials are never sent to it.
    const poll = await callFetch(context.call, url.href, { headers: { "Content-Type": "application/json" } });
    if (!poll.response.ok) {
      await discardBody(poll);
      throw new InferenceOutputError(FAILURE);
    }
    const payload: unknown = await readJson(poll, context.call.options).catch((error: unknown) => {
      // Not JSON counts as "not ready"; timeouts, size caps and network failures keep their own typed error.
      if (error instanceof InferenceClientError) throw error;
      return undefined;
    });
    if (
      isObject(payload) &&
      payload.status === "Ready" &&
      isObject(payload.result) &&
      isString(payload.result.sample)
    ) {
      return imageFromUrl(payload.result.sample, context);
    }
  }
  throw new InferenceOutputError(FAILURE);
}

// fal-ai queue flow for text-to-video (§4.4): poll the status URL every 500 ms until COMPLETED, then read the
// result and download the video. No attempt limit: the call's signal and timeout stop it.
import { FAL_QUEUE_POLL_INTERVAL_MS } from "../config.js";
import { discardBody, readJson } from "../lib/body.js";
import { sleep } from "../lib/call.js";
import { InferenceClientError, InferenceOutputError } from "../lib/errors.js";
import { callFetch } from "../lib/fetched.js";
import { download } from "./base.js";
import type { ResponseContext } from "./types.js";
import { isObject, isString } from "./validate.js";

export async function pollFalQueue(response: unknown, context: ResponseContext): Promise<Blob> {
  if (!isObject(response) || !response.request_id)
    throw new InferenceOutputError("No request ID found in the response");
  const requestUrl = new URL(context.url);
  const routerFalBase = `${context.routerUrl}/fal-ai`;
  const base = context.url.startsWith(`${routerFalBase}/`)
    ? routerFalBase
    : `${requestUrl.protocol}//${requestUrl.host}`;
  const responseUrl = isString(response.response_url) ? response.response_url : "";
  const path = responseUrl ? new URL(responseUrl, requestUrl).pathname : "";
  const query = requestUrl.search;
  const statusUrl = `${base}${path}/status${query}`;
  const resultUrl = `${base}${path}${query}`;
  const init: RequestInit = { method: "GET", headers: context.headers };

  let status = response.status;
  while (status !== "COMPLETED") {
    await sleep(FAL_QUEUE_POLL_INTERVAL_MS, context.call.signal);
    const statusResponse = await callFetch(context.call, statusUrl, init);
    if (!statusResponse.response.ok) {
      await discardBody(statusResponse);
      throw new InferenceOutputError("Failed to fetch response status from fal-ai API");
    }
    try {
      const body: unknown = await readJson(statusResponse, context.call.options);
      status = isObject(body) ? body.status : undefined;
    } catch (error) {
      if (context.call.signal?.aborted) throw context.call.signal.reason;
      // Timeouts, size caps and network failures keep their own typed error.
      if (error instanceof InferenceClientError) throw error;
      throw new InferenceOutputError("Failed to parse status response from fal-ai API");
    }
  }

  const resultResponse = await callFetch(context.call, resultUrl, init);
  let result: unknown;
  try {
    result = await readJson(resultResponse, context.call.options);
  } catch (error) {
    if (context.call.signal?.aborted) throw context.call.signal.reason;
    if (error instanceof InferenceClientError) throw error;
    throw new InferenceOutputError("Failed to parse result response from fal-ai API");
  }
  const video = isObject(result) ? result.video : undefined;
  if (isObject(video) && isString(video.url) && isUrl(video.url)) return download(video.url, context);
  throw new InferenceOutputError(
    `Expected { video: { url: string } } result format, got instead: ${JSON.stringify(result)}`,
  );
}

function isUrl(value: string): boolean {
  return /^http(s?):/.test(value) || value.startsWith("/");
}

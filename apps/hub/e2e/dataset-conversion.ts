// Waiting for the server's background conversion of a dataset (server/src/dataset-viewer) through the API, before a
// test opens its page: the page then never sees the 500 `ResponseNotReady` answers of a conversion in progress
// (Chromium logs each failed response as a console error, which the console guard of fixtures.ts refuses).
import type { APIRequestContext } from "@playwright/test";

export async function waitForConversion(request: APIRequestContext, dataset: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // `/splits` answers 200 once converted, ResponseNotReady while converting, the conversion's error after.
    const splits = await request.get(`/api/datasets-server/splits?dataset=${encodeURIComponent(dataset)}`);
    if (splits.ok()) return;
    // A failed conversion stays failed: say why instead of waiting out the deadline.
    if (splits.headers()["x-error-code"] !== "ResponseNotReady")
      throw new Error(`the conversion of ${dataset} failed: ${splits.status()} ${await splits.text()}`);
    if (Date.now() > deadline) throw new Error(`${dataset} was not converted within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

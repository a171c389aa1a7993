// hf-inference text-to-image: accepts a Blob, `{data: [{b64_json}]}` or `{output: [url]}` (§4.3).
import { base64FromBlob } from "../lib/base64.js";
import { InferenceOutputError } from "../lib/errors.js";
import { imageFromBase64, imageFromUrl } from "./base.js";
import { hfInferenceHelper } from "./hf-inference.js";
import { firstB64Json } from "./image-shapes.js";
import { isObject, isString } from "./validate.js";

export const hfInferenceTextToImage = /* @__PURE__ */ hfInferenceHelper<string | Blob>(
  "text-to-image",
  async (response, context) => {
    if (!response) throw new InferenceOutputError("response is undefined");
    const b64 = firstB64Json(response);
    if (b64 !== undefined) return imageFromBase64(b64, context.outputType);
    if (isObject(response) && Array.isArray(response.output) && isString(response.output[0])) {
      return imageFromUrl(response.output[0], context);
    }
    if (response instanceof Blob) {
      if (context.outputType !== "url") return response;
      // Platform-neutral base64 (no Buffer): works in browsers too (§12).
      return `data:${response.type || "image/jpeg"};base64,${await base64FromBlob(response)}`;
    }
    throw new InferenceOutputError("Expected a Blob ");
  },
);

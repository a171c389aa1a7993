// imageToImage (image-to-image, hf-inference only): raw bytes without parameters, else JSON with base64 inputs.
import type { ImageToImageInput } from "../../inference-types.js";
import { base64FromBlob } from "../../lib/base64.js";
import type { AnyArgs } from "../../lib/makeRequestOptions.js";
import { hfInferenceImageToImage } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type ImageToImageArgs = BaseArgs & ImageToImageInput;

const TABLE = { "hf-inference": hfInferenceImageToImage };

async function prepare(args: AnyArgs): Promise<AnyArgs> {
  // Every BaseArgs field (provider, endpointUrl, …) is kept in both forms (§12).
  if (!args.parameters) {
    const { inputs, ...rest } = args;
    return { ...rest, data: inputs };
  }
  return { ...args, inputs: await base64FromBlob(args.inputs as Blob | ArrayBuffer) };
}

export async function imageToImage(args: ImageToImageArgs, options?: Options): Promise<Blob> {
  return runTask(args, options, { task: "image-to-image", table: TABLE, prepare });
}

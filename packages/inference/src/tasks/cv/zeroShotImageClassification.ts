// zeroShotImageClassification (hf-inference only): JSON with the image as base64 under `inputs.image`.
import type { ZeroShotImageClassificationInput, ZeroShotImageClassificationOutput } from "../../inference-types.js";
import { base64FromBlob } from "../../lib/base64.js";
import type { AnyArgs } from "../../lib/makeRequestOptions.js";
import { hfInferenceZeroShotImageClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

/** Legacy form: `inputs: { image }`. */
interface LegacyZeroShotImageClassificationInput {
  inputs: { image: Blob | ArrayBuffer };
  parameters: ZeroShotImageClassificationInput["parameters"];
}

export type ZeroShotImageClassificationArgs = BaseArgs &
  (ZeroShotImageClassificationInput | LegacyZeroShotImageClassificationInput);

const TABLE = { "hf-inference": hfInferenceZeroShotImageClassification };

async function prepare(args: AnyArgs): Promise<AnyArgs> {
  const inputs = args.inputs;
  const image = inputs instanceof Blob ? inputs : (inputs as { image: Blob | ArrayBuffer }).image;
  return { ...args, inputs: { image: await base64FromBlob(image) } };
}

export async function zeroShotImageClassification(
  args: ZeroShotImageClassificationArgs,
  options?: Options,
): Promise<ZeroShotImageClassificationOutput> {
  return runTask<ZeroShotImageClassificationOutput>(args, options, {
    task: "zero-shot-image-classification",
    table: TABLE,
    prepare,
  });
}

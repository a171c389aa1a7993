// fillMask (fill-mask, hf-inference only). Candidates for the mask token.
import type { FillMaskInput, FillMaskOutput } from "../../inference-types.js";
import { hfInferenceFillMask } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type FillMaskArgs = BaseArgs & FillMaskInput;

const TABLE = { "hf-inference": hfInferenceFillMask };

export async function fillMask(args: FillMaskArgs, options?: Options): Promise<FillMaskOutput> {
  return runTask<FillMaskOutput>(args, options, { task: "fill-mask", table: TABLE });
}

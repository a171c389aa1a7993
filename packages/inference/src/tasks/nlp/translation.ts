// translation (translation, hf-inference only). Translation: one object for one result, else the array.
import type { TranslationInput, TranslationOutput } from "../../inference-types.js";
import { hfInferenceTranslation } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TranslationArgs = BaseArgs & TranslationInput;

const TABLE = { "hf-inference": hfInferenceTranslation };

export async function translation(
  args: TranslationArgs,
  options?: Options,
): Promise<TranslationOutput | TranslationOutput[]> {
  return runTask<TranslationOutput | TranslationOutput[]>(args, options, { task: "translation", table: TABLE });
}

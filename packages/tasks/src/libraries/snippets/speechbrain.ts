// SpeechBrain pretrained interfaces (catalogue.md §6.2).
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { stringOrUndefined } from "./model-fields.js";

export const SPEECHBRAIN_NO_INTERFACE = "# interface not specified in config.json";
export const SPEECHBRAIN_INVALID_INTERFACE = "# interface in config.json invalid";

/** The five interfaces the snippet knows: the module that defines each and the method that runs it on a file. */
const SPEECHBRAIN_INTERFACES: Readonly<Record<string, { module: string; method: string }>> = {
  EncoderClassifier: { module: "classifiers", method: "classify_file" },
  EncoderDecoderASR: { module: "ASR", method: "transcribe_file" },
  EncoderASR: { module: "ASR", method: "transcribe_file" },
  SpectralMaskEnhancement: { module: "enhancement", method: "enhance_file" },
  SepformerSeparation: { module: "separation", method: "separate_file" },
};

export function speechbrain(model: ModelData): string[] {
  const name = stringOrUndefined(model.config?.speechbrain?.speechbrain_interface);
  if (name === undefined) return [SPEECHBRAIN_NO_INTERFACE];
  if (!Object.hasOwn(SPEECHBRAIN_INTERFACES, name)) return [SPEECHBRAIN_INVALID_INTERFACE];
  const { module, method } = SPEECHBRAIN_INTERFACES[name];
  return [
    `from speechbrain.inference.${module} import ${name}

model = ${name}.from_hparams(
    source=${pyStr(model.id)},
)
model.${method}("file.wav")`,
  ];
}

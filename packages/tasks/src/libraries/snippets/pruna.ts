// Pruna: models optimised (compressed, compiled) with Pruna load through `PrunaModel`, whatever the underlying
// library; Pruna Pro models through `PrunaProModel` from `pruna_pro`.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { hasTag } from "./model-fields.js";

export function pruna(model: ModelData): string[] {
  const pro = hasTag(model, "pruna_pro-ai");
  const packageName = pro ? "pruna_pro" : "pruna";
  const className = pro ? "PrunaProModel" : "PrunaModel";
  const load = `# pip install ${pro ? "pruna_pro" : "pruna"}
from ${packageName} import ${className}
`;
  const id = pyStr(model.id);
  if (hasTag(model, "diffusers")) {
    return [
      `${load}
pipe = ${className}.from_pretrained(${id})

prompt = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k"
image = pipe(prompt).images[0]`,
    ];
  }
  if (hasTag(model, "transformers")) {
    return [
      `${load}from transformers import AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${id})
model = ${className}.from_pretrained(${id})`,
    ];
  }
  return [
    `${load}
model = ${className}.from_pretrained(${id})`,
  ];
}

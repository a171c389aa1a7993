// MultiMolecule: RNA/DNA/protein language models with transformers-style Auto classes and pipelines.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { firstWidget, hasTag, pipelineTag, stringOrUndefined } from "./model-fields.js";

const DEFAULT_MASK_TOKEN = "<mask>";

export function multimolecule(model: ModelData): string[] {
  const id = pyStr(model.id);
  const text = stringOrUndefined(firstWidget(model)?.text);
  const maskToken = stringOrUndefined(model.mask_token) ?? DEFAULT_MASK_TOKEN;
  // Widget texts are fill-mask inputs; a plain sequence (first mask filled with a nucleotide) suits the encoder.
  const sequence = text?.replace(maskToken, "A");
  const blocks = [
    "pip install multimolecule",
    `from multimolecule import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${id})
model = AutoModel.from_pretrained(${id})${
      sequence === undefined
        ? ""
        : `

text = ${pyStr(sequence)}
inputs = tokenizer(text, return_tensors="pt")
outputs = model(**inputs)
embeddings = outputs.last_hidden_state`
    }`,
  ];
  if (text === undefined || sequence === undefined) return blocks;
  if (hasTag(model, "rna-secondary-structure")) {
    blocks.push(`import multimolecule  # registers the MultiMolecule pipelines with transformers
from transformers import pipeline

predictor = pipeline("rna-secondary-structure", model=${id})
output = predictor(${pyStr(sequence)})
print(output["secondary_structure"])`);
  } else if (pipelineTag(model) === "fill-mask") {
    blocks.push(`import multimolecule  # registers the MultiMolecule models with transformers
from transformers import pipeline

predictor = pipeline("fill-mask", model=${id})
output = predictor(${pyStr(text)})
print(output)`);
  }
  return blocks;
}

// GLiNER2: schema-driven information extraction (entities, classification, structured fields) with one model.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";

export function gliner2(model: ModelData): string[] {
  return [
    `# pip install gliner2
from gliner2 import GLiNER2

model = GLiNER2.from_pretrained(${pyStr(model.id)})

text = "Apple CEO Tim Cook announced iPhone 15 in Cupertino yesterday."
result = model.extract_entities(text, ["company", "person", "product", "location"])
print(result)`,
  ];
}

// sentence-transformers: bi-encoders (SentenceTransformer) and rerankers (CrossEncoder), catalogue.md §6.2, and
// PyLate ColBERT models (newest catalogue).
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { firstWidget, hasTag, pipelineTag } from "./model-fields.js";

const DEFAULT_SENTENCES = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."];

/** The widget's source sentence followed by its sentences, when the first widget example has them. */
function widgetSentences(model: ModelData): string[] | undefined {
  const widget = firstWidget(model);
  const source = widget?.source_sentence;
  const others = widget?.sentences;
  if (typeof source !== "string" || !Array.isArray(others)) return undefined;
  return [source, ...others.filter((s): s is string => typeof s === "string")];
}

export function sentenceTransformers(model: ModelData): string[] {
  const id = pyStr(model.id);
  // PyLate late-interaction (ColBERT) models are stored in the sentence-transformers format but load with PyLate.
  if (hasTag(model, "PyLate")) {
    return [
      `# pip install pylate
from pylate import models

queries = ["Which planet is known as the Red Planet?"]
documents = [
    "Venus is often called Earth's twin because of its similar size and proximity.",
    "Mars, known for its reddish appearance, is often referred to as the Red Planet.",
]

model = models.ColBERT(model_name_or_path=${id})
queries_embeddings = model.encode(queries, is_query=True)
documents_embeddings = model.encode(documents, is_query=False)`,
    ];
  }
  if (hasTag(model, "cross-encoder") || pipelineTag(model) === "text-ranking") {
    return [
      `from sentence_transformers import CrossEncoder

model = CrossEncoder(${id})

query = "Which planet is known as the Red Planet?"
passages = [
    "Venus is often called Earth's twin because of its similar size and proximity.",
    "Mars, known for its reddish appearance, is often referred to as the Red Planet.",
    "Jupiter, the largest planet in our solar system, has a prominent red spot.",
]

scores = model.predict([(query, passage) for passage in passages])
print(scores)`,
    ];
  }
  const sentences = widgetSentences(model) ?? DEFAULT_SENTENCES;
  const n = sentences.length;
  return [
    `from sentence_transformers import SentenceTransformer

model = SentenceTransformer(${id})

sentences = [
${sentences.map((s) => `    ${pyStr(s)},`).join("\n")}
]
embeddings = model.encode(sentences)

similarities = model.similarity(embeddings, embeddings)
print(similarities.shape)
# [${n}, ${n}]`,
  ];
}

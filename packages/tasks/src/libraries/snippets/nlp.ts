// Text libraries: AllenNLP, Flair, spaCy, Stanza, SpanMarker, SetFit, GLiNER, ReLiK, EDS-NLP, fastText, BERTopic,
// PaddleNLP, fairseq, Model2Vec, BM25S, Lightning IR, Hezar, txtai, COMET.
import type { ModelData } from "../../model-data.js";
import { pyIdentifier, pyStr, shWord } from "../../snippets/quote.js";
import { hasTag, repoName } from "./model-fields.js";

export const PADDLENLP_UNKNOWN_MODEL = "# ⚠️ Type of model unknown";

export function allennlp(model: ModelData): string[] {
  const load = `import allennlp_models
from allennlp.predictors.predictor import Predictor

predictor = Predictor.from_path(${pyStr(`hf://${model.id}`)})`;
  if (!hasTag(model, "question-answering")) return [load];
  return [
    `${load}
predictor_input = {"passage": "My name is Wolfgang and I live in Berlin", "question": "Where do I live?"}
predictions = predictor.predict_json(predictor_input)`,
  ];
}

export function flair(model: ModelData): string[] {
  return [
    `from flair.data import Sentence
from flair.models import SequenceTagger

tagger = SequenceTagger.load(${pyStr(model.id)})

sentence = Sentence("George Washington went to Washington.")
tagger.predict(sentence)
print(sentence)`,
  ];
}

export function spacy(model: ModelData): string[] {
  const name = repoName(model);
  const wheel = `https://huggingface.co/${model.id}/resolve/main/${name}-any-py3-none-any.whl`;
  const usage = [
    `# Using spacy.load().
import spacy

nlp = spacy.load(${pyStr(name)})`,
  ];
  // The package can also be imported as a module, when its name is a Python identifier.
  const moduleName = pyIdentifier(name, "");
  if (moduleName !== "") usage.push(`# Importing as module.\nimport ${moduleName}\n\nnlp = ${moduleName}.load()`);
  return [`pip install ${shWord(wheel)}`, usage.join("\n\n")];
}

export function stanza(model: ModelData): string[] {
  const language = repoName(model).replace(/^stanza-/, "");
  return [
    `import stanza

stanza.download(${pyStr(language)})
nlp = stanza.Pipeline(${pyStr(language)})`,
  ];
}

export function span_marker(model: ModelData): string[] {
  return [
    `from span_marker import SpanMarkerModel

model = SpanMarkerModel.from_pretrained(${pyStr(model.id)})
entities = model.predict("Amelia Earhart flew her single engine Lockheed Vega 5B across the Atlantic to Paris.")`,
  ];
}

export function setfit(model: ModelData): string[] {
  return [
    `from setfit import SetFitModel

model = SetFitModel.from_pretrained(${pyStr(model.id)})
preds = model.predict(["i loved the spiderman movie!", "pineapple on pizza is the worst 🤮"])`,
  ];
}

export function gliner(model: ModelData): string[] {
  return [
    `from gliner import GLiNER

model = GLiNER.from_pretrained(${pyStr(model.id)})

text = "Cristiano Ronaldo was born on 5 February 1985 in Funchal, Portugal."
labels = ["person", "date", "location"]
entities = model.predict_entities(text, labels, threshold=0.5)`,
  ];
}

export function relik(model: ModelData): string[] {
  return [
    `from relik import Relik

relik = Relik.from_pretrained(${pyStr(model.id)})
relik_out = relik("Michael Jordan was one of the best players in the NBA.")`,
  ];
}

export function edsnlp(model: ModelData): string[] {
  return [
    `# Load it from the Hub directly
import edsnlp

nlp = edsnlp.load(${pyStr(model.id)})`,
    `# Or install it as a package
pip install ${shWord(`git+https://huggingface.co/${model.id}`)}`,
  ];
}

export function fasttext(model: ModelData): string[] {
  return [
    `import fasttext
from huggingface_hub import hf_hub_download

model = fasttext.load_model(hf_hub_download(${pyStr(model.id)}, "model.bin"))`,
  ];
}

export function bertopic(model: ModelData): string[] {
  return [
    `from bertopic import BERTopic

model = BERTopic.load(${pyStr(model.id)})`,
  ];
}

export function paddlenlp(model: ModelData): string[] {
  const first: unknown = Array.isArray(model.config?.architectures) ? model.config.architectures[0] : undefined;
  const architecture = pyIdentifier(typeof first === "string" ? first : undefined, "");
  const id = pyStr(model.id);
  if (architecture === "") {
    return [
      `${PADDLENLP_UNKNOWN_MODEL}
from paddlenlp.transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${id}, from_hf_hub=True)
model = AutoModel.from_pretrained(${id}, from_hf_hub=True)`,
    ];
  }
  return [
    `from paddlenlp.transformers import AutoTokenizer, ${architecture}

tokenizer = AutoTokenizer.from_pretrained(${id}, from_hf_hub=True)
model = ${architecture}.from_pretrained(${id}, from_hf_hub=True)`,
  ];
}

export function fairseq(model: ModelData): string[] {
  return [
    `from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${pyStr(model.id)})`,
  ];
}

export function model2vec(model: ModelData): string[] {
  return [
    `from model2vec import StaticModel

model = StaticModel.from_pretrained(${pyStr(model.id)})
embeddings = model.encode(["It's dangerous to go alone!", "It's a secret to everybody."])`,
  ];
}

export function bm25s(model: ModelData): string[] {
  return [
    `from bm25s.hf import BM25HF

retriever = BM25HF.load_from_hub(${pyStr(model.id)})`,
  ];
}

export function lightning_ir(model: ModelData): string[] {
  const id = pyStr(model.id);
  const score = 'model.score("query", ["doc1", "doc2", "doc3"])';
  if (hasTag(model, "bi-encoder")) {
    return [
      `# Install from https://github.com/webis-de/lightning-ir
from lightning_ir import BiEncoderModule

model = BiEncoderModule(${id})

${score}`,
    ];
  }
  if (hasTag(model, "cross-encoder")) {
    return [
      `# Install from https://github.com/webis-de/lightning-ir
from lightning_ir import CrossEncoderModule

model = CrossEncoderModule(${id})

${score}`,
    ];
  }
  return [
    `# Install from https://github.com/webis-de/lightning-ir
# Load the model with the module that matches its type (BiEncoderModule or CrossEncoderModule)
from lightning_ir import BiEncoderModule, CrossEncoderModule

model = BiEncoderModule(${id})`,
  ];
}

export function hezar(model: ModelData): string[] {
  return [
    `from hezar.models import Model

model = Model.load(${pyStr(model.id)})`,
  ];
}

export function txtai(model: ModelData): string[] {
  return [
    `from txtai import Embeddings

embeddings = Embeddings()
embeddings.load(provider="huggingface-hub", container=${pyStr(model.id)})

results = embeddings.search("machine learning", 3)`,
  ];
}

export function comet(model: ModelData): string[] {
  return [
    `from comet import download_model, load_from_checkpoint

model_path = download_model(${pyStr(model.id)})
model = load_from_checkpoint(model_path)

data = [
    {
        "src": "Dem Feuer konnte Einhalt geboten werden",
        "mt": "The fire could be stopped",
        "ref": "They were able to control the fire.",
    },
]
model_output = model.predict(data, batch_size=8, gpus=1)
print(model_output.system_score)`,
  ];
}

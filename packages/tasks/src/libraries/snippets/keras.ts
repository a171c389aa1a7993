// Keras 3, legacy TF-Keras and KerasHub presets (catalogue.md §6.2).
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";

const hfUri = (model: ModelData): string => pyStr(`hf://${model.id}`);

export function keras(model: ModelData): string[] {
  return [
    `# Available backend options are: "jax", "torch", "tensorflow".
import os
os.environ["KERAS_BACKEND"] = "jax"

import keras

model = keras.saving.load_model(${hfUri(model)})`,
  ];
}

export function tf_keras(model: ModelData): string[] {
  return [
    `# Note: 'keras<3.x' or 'tf_keras' must be installed (legacy)
# See https://github.com/keras-team/tf-keras for more details.
from huggingface_hub import from_pretrained_keras

model = from_pretrained_keras(${pyStr(model.id)})`,
  ];
}

/** Tasks with a dedicated example, in the order their blocks are shown. */
const KERAS_HUB_TASK_EXAMPLES: ReadonlyArray<readonly [string, (uri: string) => string]> = [
  [
    "CausalLM",
    (uri) => `
import keras_hub

# Load CausalLM model (optional: use half precision for inference)
causal_lm = keras_hub.models.CausalLM.from_preset(${uri}, dtype="bfloat16")
causal_lm.compile(sampler="greedy")  # (optional) specify a sampler

# Generate text
causal_lm.generate("Keras: deep learning for", max_length=64)
`,
  ],
  [
    "TextToImage",
    (uri) => `
import keras_hub

# Load TextToImage model (optional: use half precision for inference)
text_to_image = keras_hub.models.TextToImage.from_preset(${uri}, dtype="bfloat16")

# Generate images with a TextToImage model.
text_to_image.generate("Astronaut in a jungle")
`,
  ],
  [
    "TextClassifier",
    (uri) => `
import keras_hub

# Load TextClassifier model
text_classifier = keras_hub.models.TextClassifier.from_preset(
    ${uri},
    num_classes=2,
)
# Fine-tune
text_classifier.fit(x=["Thrilling adventure!", "Total snoozefest."], y=[1, 0])
# Classify text
text_classifier.predict(["Not my cup of tea."])
`,
  ],
  [
    "ImageClassifier",
    (uri) => `
import keras
import keras_hub

# Load ImageClassifier model
image_classifier = keras_hub.models.ImageClassifier.from_preset(
    ${uri},
    num_classes=2,
)
# Fine-tune
image_classifier.fit(
    x=keras.random.randint((32, 64, 64, 3), 0, 256),
    y=keras.random.randint((32, 1), 0, 2),
)
# Classify image
image_classifier.predict(keras.random.randint((1, 64, 64, 3), 0, 256))
`,
  ],
];

const PY_CLASS_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function keras_hub(model: ModelData): string[] {
  const raw: unknown = model.config?.keras_hub?.tasks;
  const tasks = Array.isArray(raw) ? raw.filter((t): t is string => typeof t === "string") : [];
  const uri = hfUri(model);
  const blocks: string[] = [];
  const dedicated = new Set<string>();
  for (const [task, example] of KERAS_HUB_TASK_EXAMPLES) {
    dedicated.add(task);
    if (tasks.includes(task)) blocks.push(example(uri));
  }
  const seen = new Set<string>();
  for (const task of tasks) {
    // A task name becomes a class name in code: anything that is not a plain identifier is skipped.
    if (dedicated.has(task) || task === "Backbone" || seen.has(task) || !PY_CLASS_NAME.test(task)) continue;
    seen.add(task);
    blocks.push(`
import keras_hub

# Create a ${task} model
task = keras_hub.models.${task}.from_preset(${uri})
`);
  }
  blocks.push(`
import keras_hub

# Create a Backbone model unspecialized for any task
backbone = keras_hub.models.Backbone.from_preset(${uri})
`);
  return blocks;
}

// Scikit-learn models, stored with skops or as pickles (catalogue.md §6.2).
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { hasTag, stringOrUndefined } from "./model-fields.js";

export const SKLEARN_NO_FILENAME = "# ⚠️ Model filename not specified in config.json";

const PICKLE_WARNING = `# only load pickle files from sources you trust
# read more about it here https://skops.readthedocs.io/en/stable/persistence.html`;

export function sklearn(model: ModelData): string[] {
  const id = pyStr(model.id);
  if (!hasTag(model, "skops")) {
    return [
      `from huggingface_hub import hf_hub_download
import joblib

${PICKLE_WARNING}
model = joblib.load(
    hf_hub_download(${id}, "sklearn_model.joblib")
)`,
    ];
  }
  const file = stringOrUndefined(model.config?.sklearn?.model?.file);
  if (file === undefined) return [SKLEARN_NO_FILENAME];
  const path = pyStr(`path_to_folder/${file}`);
  if (model.config?.sklearn?.model_format === "pickle") {
    return [
      `import joblib
from skops.hub_utils import download

download(${id}, "path_to_folder")
${PICKLE_WARNING}
model = joblib.load(
    ${path}
)`,
    ];
  }
  return [
    `from skops.hub_utils import download
from skops.io import get_untrusted_types, load

download(${id}, "path_to_folder")
# make sure the model file is in skops format
# (if the model is a pickle file, only load it from sources you trust)
# read more about it here https://skops.readthedocs.io/en/stable/persistence.html
unknown_types = get_untrusted_types(file=${path})
# review unknown_types before trusting them
model = load(${path}, trusted=unknown_types)`,
  ];
}

// PaddleOCR 3.x: document VLMs, the PaddleOCR-VL parsing pipeline, and one module class per single-purpose model.
// The library picks its models by name (`model_name`), the repository name without the owner.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { hasTag, repoName } from "./model-fields.js";

/** Model tag → PaddleOCR module class, checked in this order (data, not code). */
const PADDLEOCR_MODULES: ReadonlyArray<readonly [tag: string, moduleClass: string]> = [
  ["textline_detection", "TextDetection"],
  ["textline_recognition", "TextRecognition"],
  ["seal_text_detection", "SealTextDetection"],
  ["doc_img_unwarping", "TextImageUnwarping"],
  ["doc_img_orientation_classification", "DocImgOrientationClassification"],
  ["textline_orientation_classification", "TextLineOrientationClassification"],
  ["chart_parsing", "ChartParsing"],
  ["formula_recognition", "FormulaRecognition"],
  ["layout_detection", "LayoutDetection"],
  ["table_cells_detection", "TableCellsDetection"],
  ["wired_table_classification", "TableClassification"],
  ["table_structure_recognition", "TableStructureRecognition"],
];

export const PADDLEOCR_FALLBACK =
  "# Please refer to the document for information on how to use the model.\n# https://paddlepaddle.github.io/PaddleOCR/latest/en/version3.x/module_usage/module_overview.html";

const VL_PREFIX = "PaddlePaddle/PaddleOCR-VL-";

/** `PaddlePaddle/PaddleOCR-VL-1.5` → `v1.5`; the first release (`PaddlePaddle/PaddleOCR-VL`) and others → `v1`. */
function vlPipelineVersion(id: string): string {
  return id.startsWith(VL_PREFIX) && id.length > VL_PREFIX.length ? `v${id.slice(VL_PREFIX.length)}` : "v1";
}

export function paddleocr(model: ModelData): string[] {
  const name = pyStr(repoName(model));
  if (hasTag(model, "doc_vlm")) {
    return [
      `# pip install paddleocr
from paddleocr import DocVLM

model = DocVLM(model_name=${name})
output = model.predict(
    input={"image": "path/to/image.png", "query": "Parsing this image and output the content in Markdown format."},
    batch_size=1,
)
for res in output:
    res.print()
    res.save_to_json(save_path="./output/res.json")`,
    ];
  }
  if (hasTag(model, "document-parse")) {
    return [
      `# pip install paddleocr
from paddleocr import PaddleOCRVL

pipeline = PaddleOCRVL(pipeline_version=${pyStr(vlPipelineVersion(model.id))})
output = pipeline.predict("path/to/document_image.png")
for res in output:
    res.print()
    res.save_to_json(save_path="output")
    res.save_to_markdown(save_path="output")`,
    ];
  }
  const found = PADDLEOCR_MODULES.find(([tag]) => hasTag(model, tag));
  if (found === undefined) return [PADDLEOCR_FALLBACK];
  const moduleClass = found[1];
  return [
    `# pip install paddleocr
from paddleocr import ${moduleClass}

model = ${moduleClass}(model_name=${name})
output = model.predict(input="path/to/image.png", batch_size=1)
for res in output:
    res.print()
    res.save_to_img(save_path="./output/")
    res.save_to_json(save_path="./output/res.json")`,
  ];
}

// Vision backbones, detectors and OCR: timm, OpenCLIP, AraClip, MLX Image, TerraTorch, Ultralytics/YOLOv10, docTR,
// DeepForest, ColPali, HTRflow.
import type { ModelData } from "../../model-data.js";
import { pyStr, shWord } from "../../snippets/quote.js";
import { pipelineTag } from "./model-fields.js";
import { yamlStr } from "./yaml-quote.js";

export const YOLO_VERSION_MISSING =
  "# Couldn't find a valid YOLO version tag.\n# Replace XX with the correct version.\n";

export function timm(model: ModelData): string[] {
  return [
    `import timm

model = timm.create_model(${pyStr(`hf_hub:${model.id}`)}, pretrained=True)`,
  ];
}

export function open_clip(model: ModelData): string[] {
  const hub = pyStr(`hf-hub:${model.id}`);
  return [
    `import open_clip

model, preprocess_train, preprocess_val = open_clip.create_model_and_transforms(${hub})
tokenizer = open_clip.get_tokenizer(${hub})`,
  ];
}

export function araclip(model: ModelData): string[] {
  return [
    `# pip install git+https://github.com/Arabic-Clip/Araclip.git
from araclip import AraClip

model = AraClip.from_pretrained(${pyStr(model.id)})`,
  ];
}

export function mlxim(model: ModelData): string[] {
  return [
    `from mlxim.model import create_model

model = create_model(${pyStr(model.id)})`,
  ];
}

export function terratorch(model: ModelData): string[] {
  return [
    `from terratorch.registry import BACKBONE_REGISTRY

model = BACKBONE_REGISTRY.build(${pyStr(model.id)})`,
  ];
}

/** The YOLO version of the first `yolov<digits>` tag (`yolov8` → `8`), if any. */
function yoloVersion(model: ModelData): string | undefined {
  for (const tag of Array.isArray(model.tags) ? model.tags : []) {
    const match = typeof tag === "string" ? /^yolov(\d+)$/.exec(tag) : null;
    if (match) return match[1];
  }
  return undefined;
}

/** Ultralytics and YOLOv10 (which reuses this function). */
export function ultralytics(model: ModelData): string[] {
  const version = yoloVersion(model);
  const className = `YOLOv${version ?? "XX"}`;
  const code = `from ultralytics import ${className}

model = ${className}.from_pretrained(${pyStr(model.id)})
source = "http://images.cocodataset.org/val2017/000000039769.jpg"
model.predict(source=source, save=True)`;
  return [version === undefined ? YOLO_VERSION_MISSING + code : code];
}

export function doctr(model: ModelData): string[] {
  // docTR hub models are either text detectors or text recognizers; the other half comes from docTR's zoo.
  const detection = pipelineTag(model) === "object-detection";
  const predictor = detection
    ? 'predictor = ocr_predictor(det_arch=model, reco_arch="crnn_mobilenet_v3_small", pretrained=True)'
    : 'predictor = ocr_predictor(det_arch="db_mobilenet_v3_large", reco_arch=model, pretrained=True)';
  return [
    `from doctr.io import DocumentFile
from doctr.models import from_hub, ocr_predictor

model = from_hub(${pyStr(model.id)})
${predictor}

document = DocumentFile.from_images(["path/to/your/page.jpg"])
result = predictor(document)`,
  ];
}

export function deepforest(model: ModelData): string[] {
  return [
    `from deepforest import main

model = main.deepforest()
model.load_model(model_name=${pyStr(model.id)}, revision="main")

boxes = model.predict_image(path="path/to/image.png")`,
  ];
}

/** ColPali-family retrievers: the model class follows the architecture named in the repository id. */
function colpaliClasses(model: ModelData): [string, string] {
  const id = model.id.toLowerCase();
  if (id.includes("colqwen2.5") || id.includes("colqwen2_5")) return ["ColQwen2_5", "ColQwen2_5_Processor"];
  if (id.includes("colqwen2")) return ["ColQwen2", "ColQwen2Processor"];
  if (id.includes("colsmol") || id.includes("colidefics3")) return ["ColIdefics3", "ColIdefics3Processor"];
  return ["ColPali", "ColPaliProcessor"];
}

export function colpali(model: ModelData): string[] {
  const [modelClass, processorClass] = colpaliClasses(model);
  const id = pyStr(model.id);
  return [
    `# pip install colpali-engine
import torch
from colpali_engine.models import ${modelClass}, ${processorClass}

model = ${modelClass}.from_pretrained(
    ${id},
    torch_dtype=torch.bfloat16,
    device_map="cuda:0",  # or "mps" on Apple Silicon
).eval()
processor = ${processorClass}.from_pretrained(${id})

queries = ["What is the organizational structure for our R&D department?"]
batch_queries = processor.process_queries(queries).to(model.device)
with torch.no_grad():
    query_embeddings = model(**batch_queries)`,
  ];
}

export function htrflow(model: ModelData): string[] {
  // HTRflow runs pipelines described in YAML; a segmentation model and a text-recognition model take different steps.
  const tag = pipelineTag(model);
  const segmentation = tag === "object-detection" || tag === "image-segmentation";
  const step = segmentation
    ? `  - step: Segmentation
    settings:
      model: yolo
      model_settings:
        model: ${yamlStr(model.id)}`
    : `  - step: TextRecognition
    settings:
      model: TrOCR
      model_settings:
        model: ${yamlStr(model.id)}`;
  return [
    `# pip install htrflow
# see docs: https://ai-riksarkivet.github.io/htrflow
cat > pipeline.yaml <<'EOF'
steps:
${step}
  - step: OrderLines
  - step: Export
    settings:
      format: txt
      dest: outputs
EOF
htrflow pipeline pipeline.yaml ${shWord("path/to/image.jpg")}`,
  ];
}

// Behaviours of the snippets of the libraries added by the newest catalogue (catalogue-newest.json, 0.21.35): the
// branches each one takes, and the upstream defects the facts list, which we must not reproduce.
import { describe, expect, it } from "vitest";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../../src/libraries/index.js";
import { LEROBOT_FALLBACK } from "../../src/libraries/snippets/lerobot.js";
import { PADDLEOCR_FALLBACK } from "../../src/libraries/snippets/paddleocr.js";
import { OUTETTS_EXPORT_FALLBACK } from "../../src/libraries/snippets/speech-synthesis.js";
import { MOSHI_CANDLE } from "../../src/libraries/snippets/tts.js";
import type { ModelData } from "../../src/model-data.js";
import { NEWEST } from "../helpers/library-facts-newest.js";

type Key = keyof typeof MODEL_LIBRARIES_UI_ELEMENTS;

function snippet(key: Key, model: Partial<ModelData>): string[] {
  const fn = MODEL_LIBRARIES_UI_ELEMENTS[key].snippets;
  if (fn === undefined) throw new Error(`${key} has no snippets`);
  return fn({ id: "org/model", tags: [], ...model });
}

describe("every library the newest catalogue gives snippets has them here", () => {
  const withSnippets = NEWEST.libraries_added.filter((fact) => fact.hasSnippets).map((fact) => fact.key);
  it("39 added libraries plus moshi", () => {
    expect(withSnippets).toHaveLength(39);
    expect(NEWEST.libraries_changed.find((c) => c.key === "moshi")?.new).toBe(true);
  });
  it.each([...withSnippets, "moshi"])("%s returns at least one block for a plain model", (key) => {
    expect(snippet(key as Key, {}).length).toBeGreaterThan(0);
  });
});

describe("libraries that load their own default checkpoint", () => {
  it.each(["chatterbox", "flextab", "sap-rpt-1-oss", "supertonic", "vui"] as const)("%s ignores the model", (key) => {
    expect(snippet(key, { id: "a/b", tags: ["x"] })).toEqual(snippet(key, { id: "c/d" }));
  });
  it("flextab shows install, classification, regression and matching; sap-rpt-1-oss the first three", () => {
    const flextab = snippet("flextab", {});
    expect(flextab).toHaveLength(4);
    expect(flextab[0]).toBe("pip install git+https://github.com/SAP-samples/flextab");
    expect(flextab[1]).toContain("FlexTabClassifier(max_context_size=8192, bagging=8)");
    expect(flextab[2]).toContain("fetch_openml(data_id=531");
    expect(flextab[2]).toContain('print("R² Score:"');
    expect(flextab[3]).toContain("FlexTabMatcher(max_context_size=8192, bagging=1)");
    expect(flextab[3]).toContain("from flextab.utils.test_utils import load_febrl4");
    const sap = snippet("sap-rpt-1-oss", {});
    expect(sap).toHaveLength(3);
    expect(sap[1]).toContain("from sap_rpt_oss import SAP_RPT_OSS_Classifier");
    expect(sap[2]).toContain("SAP_RPT_OSS_Regressor(max_context_size=8192, bagging=8)");
  });
});

describe("moshi (gained snippets in 0.19.83)", () => {
  it("runs MLX checkpoints with moshi_mlx, quantised per the id", () => {
    const [q4] = snippet("moshi", { id: "kyutai/moshiko-mlx-q4" });
    expect(q4).toContain("python -m moshi_mlx.local -q 4 --hf-repo kyutai/moshiko-mlx-q4");
    expect(q4).toContain("python -m moshi_mlx.local_web -q 4 --hf-repo kyutai/moshiko-mlx-q4");
    expect(snippet("moshi", { id: "kyutai/moshiko-mlx-q8" })[0]).toContain("moshi_mlx.local -q 8 --hf-repo");
    expect(snippet("moshi", { id: "kyutai/moshiko-mlx-bf16" })[0]).toContain("moshi_mlx.local --hf-repo");
  });
  it("points Candle checkpoints to the repository", () => {
    expect(snippet("moshi", { id: "kyutai/moshiko-candle-q8" })).toEqual([MOSHI_CANDLE]);
  });
  it("serves PyTorch checkpoints and shows Mimi encoding 10 s of audio", () => {
    const out = snippet("moshi", { id: "kyutai/moshiko-pytorch-bf16" });
    expect(out).toHaveLength(2);
    expect(out[0]).toContain("python -m moshi.server --hf-repo kyutai/moshiko-pytorch-bf16");
    expect(out[0]).toContain("https://localhost:8998");
    expect(out[1]).toContain('loaders.CheckpointInfo.from_hf_repo("kyutai/moshiko-pytorch-bf16")');
    expect(out[1]).toContain('checkpoint.get_mimi(device="cuda")');
    expect(out[1]).toContain("mimi.set_num_codebooks(8)");
  });
});

describe("lerobot", () => {
  it("shows the docs pointer for policies other than SmolVLA", () => {
    expect(snippet("lerobot", { tags: ["lerobot"] })).toEqual([LEROBOT_FALLBACK]);
  });
  it("installs and finetunes the SmolVLA base, and also records with finetuned ones", () => {
    const base = snippet("lerobot", { id: "lerobot/smolvla_base", tags: ["smolvla"] });
    expect(base).toHaveLength(2);
    expect(base[0]).toContain('pip install -e ".[smolvla]"');
    expect(base[1]).toContain("--policy.path=lerobot/smolvla_base");
    expect(base[1]).toContain("--dataset.repo_id=lerobot/svla_so101_pickplace");
    const tuned = snippet("lerobot", { id: "me/smolvla_lego", tags: ["smolvla"] });
    expect(tuned).toHaveLength(3);
    expect(tuned[2]).toContain("python -m lerobot.record");
    expect(tuned[2]).toContain('--dataset.single_task="Grasp a lego block and put it in the bin."');
    expect(tuned[2]).toContain("--policy.path=me/smolvla_lego");
    expect(snippet("lerobot", { id: "me/it's", tags: ["smolvla"] })[1]).toContain("--policy.path='me/it'\\''s'");
  });
});

describe("outetts", () => {
  it("has no Python snippet for GGUF and ONNX exports", () => {
    expect(snippet("outetts", { tags: ["gguf"] })).toEqual([OUTETTS_EXPORT_FALLBACK]);
    expect(snippet("outetts", { tags: ["onnx"] })).toEqual([OUTETTS_EXPORT_FALLBACK]);
  });
  it("picks the model enum by repository name and speaks with the default speaker", () => {
    const [code] = snippet("outetts", { id: "OuteAI/OuteTTS-1.0-0.6B" });
    expect(code).toContain('repo_id = "OuteAI/OuteTTS-1.0-0.6B"');
    expect(code).toContain('outetts.Models(repo_id.split("/", 1)[-1])');
    expect(code).toContain('load_default_speaker("EN-FEMALE-1-NEUTRAL")');
    expect(code.startsWith(" ")).toBe(false);
  });
});

describe("PaddleOCR", () => {
  it("uses DocVLM, then PaddleOCR-VL, then the first module of the tag map", () => {
    expect(
      snippet("PaddleOCR", { id: "PaddlePaddle/PP-DocBee2-3B", tags: ["doc_vlm", "document-parse"] })[0],
    ).toContain('DocVLM(model_name="PP-DocBee2-3B")');
    expect(snippet("PaddleOCR", { id: "PaddlePaddle/PaddleOCR-VL", tags: ["document-parse"] })[0]).toContain(
      'PaddleOCRVL(pipeline_version="v1")',
    );
    expect(snippet("PaddleOCR", { id: "PaddlePaddle/PaddleOCR-VL-1.5", tags: ["document-parse"] })[0]).toContain(
      'PaddleOCRVL(pipeline_version="v1.5")',
    );
    // Map order decides, not tag order.
    const [module] = snippet("PaddleOCR", {
      id: "PaddlePaddle/PP-OCRv5_server_det",
      tags: ["table_structure_recognition", "seal_text_detection"],
    });
    expect(module).toContain("from paddleocr import SealTextDetection\n");
    expect(module).toContain('SealTextDetection(model_name="PP-OCRv5_server_det")');
    expect(snippet("PaddleOCR", { tags: ["wired_table_classification"] })[0]).toContain("TableClassification(");
  });
  it("refers to the documentation otherwise", () => {
    expect(snippet("PaddleOCR", {})).toEqual([PADDLEOCR_FALLBACK]);
  });
});

describe("perception-encoder", () => {
  it("adds the CLIP block first for PE-Core models", () => {
    const core = snippet("perception-encoder", { id: "facebook/PE-Core-L14-336" });
    expect(core).toHaveLength(2);
    expect(core[0]).toContain('pe.CLIP.from_config("facebook/PE-Core-L14-336", pretrained=True)');
    expect(core[1]).toContain('pe.VisionTransformer.from_config("facebook/PE-Core-L14-336", pretrained=True)');
    expect(snippet("perception-encoder", { id: "facebook/PE-Spatial-G14-448" })).toHaveLength(1);
  });
});

describe("multimolecule", () => {
  const widgetData = [{ text: "ACG<mask>U<mask>" }];
  it("loads tokenizer and model, encoding the widget text with its first mask filled", () => {
    expect(snippet("multimolecule", {})).toHaveLength(2);
    expect(snippet("multimolecule", {})[1]).not.toContain("last_hidden_state");
    const out = snippet("multimolecule", { widgetData });
    expect(out[0]).toBe("pip install multimolecule");
    expect(out[1]).toContain('text = "ACGAU<mask>"');
    expect(out[1]).toContain("outputs.last_hidden_state");
    expect(snippet("multimolecule", { widgetData: [{ text: "AC[M]G" }], mask_token: "[M]" })[1]).toContain(
      'text = "ACAG"',
    );
  });
  it("adds the secondary-structure or fill-mask pipeline when there is a widget text", () => {
    const ss = snippet("multimolecule", { widgetData, tags: ["rna-secondary-structure"], pipeline_tag: "fill-mask" });
    expect(ss).toHaveLength(3);
    expect(ss[2]).toContain('pipeline("rna-secondary-structure", model="org/model")');
    expect(ss[2]).toContain('print(output["secondary_structure"])');
    const fill = snippet("multimolecule", { widgetData, pipeline_tag: "fill-mask" });
    expect(fill[2]).toContain('predictor("ACG<mask>U<mask>")');
    expect(snippet("multimolecule", { tags: ["rna-secondary-structure"] })).toHaveLength(2);
  });
});

describe("pruna-ai", () => {
  it("loads through PrunaModel, per underlying library, and PrunaProModel for Pruna Pro", () => {
    expect(snippet("pruna-ai", { tags: ["diffusers"] })[0]).toContain('pipe = PrunaModel.from_pretrained("org/model")');
    expect(snippet("pruna-ai", { tags: ["transformers"] })[0]).toContain('AutoTokenizer.from_pretrained("org/model")');
    expect(snippet("pruna-ai", {})[0]).toContain(
      'from pruna import PrunaModel\n\nmodel = PrunaModel.from_pretrained("org/model")',
    );
    const pro = snippet("pruna-ai", { tags: ["pruna_pro-ai", "diffusers"] })[0];
    expect(pro).toContain("from pruna_pro import PrunaProModel");
    expect(pro).not.toMatch(/\bPrunaModel\b|\bpruna\b(?!_pro)/);
  });
});

describe("ltx", () => {
  it("installs, downloads, then runs the pipeline of the model kind", () => {
    const base = snippet("ltx", { id: "Lightricks/LTX-2" });
    expect(base).toHaveLength(4);
    expect(base[0]).toContain("uv sync --frozen");
    expect(base[1]).toContain("hf download Lightricks/LTX-2 --local-dir models/LTX-2");
    expect(base[1]).toContain("google/gemma-3-12b-it-qat-q4_0-unquantized");
    expect(base[2]).toContain("ltx_pipelines.distilled");
    expect(base[3]).toContain("ltx_pipelines.ti2vid_two_stages_hq");
    const lora = snippet("ltx", { id: "me/style", tags: ["lora"] });
    expect(lora).toHaveLength(3);
    expect(lora[2]).toContain("--lora models/style/style.safetensors 1.0");
    expect(lora[2]).toContain("# For image-to-video, add: --image path/to/image.jpg 0 0.8");
    const ic = snippet("ltx", { id: "me/canny", tags: ["lora", "ic-lora"] });
    expect(ic).toHaveLength(3);
    expect(ic[2]).toContain("ltx_pipelines.ic_lora");
    expect(ic[2]).toContain("--video-conditioning reference.mp4 1.0");
  });
});

describe("name-based CLIs and model zoos", () => {
  it("openasr pulls the last segment of the id", () => {
    const [code] = snippet("openasr", { id: "OpenASR/xasr-zh-en" });
    expect(code).toContain("openasr pull xasr-zh-en\nopenasr transcribe audio.wav --model xasr-zh-en");
  });
  it("mobilint names the class after the repository and disposes of the engine", () => {
    const [code] = snippet("mobilint", { id: "mobilint/resnet50" });
    expect(code).toContain('model_cls="resnet50"');
    expect(code).toContain("finally:\n    model.dispose()");
  });
  it("litert-lm runs the repository from the CLI", () => {
    expect(snippet("litert-lm", { id: "litert-community/Gemma3-1B-IT" })[0]).toContain(
      "--from-huggingface-repo=litert-community/Gemma3-1B-IT",
    );
  });
});

describe("upstream defects of the new snippets are not reproduced", () => {
  it("quotes the id in describe-anything, index-tts and sam-3d-body", () => {
    expect(snippet("describe-anything", {})[0]).toContain('snapshot_download("org/model", local_dir="checkpoints")');
    expect(snippet("index-tts", {})[0]).toContain('snapshot_download("org/model", local_dir="checkpoints")');
    expect(snippet("sam-3d-body", {})[0]).toContain('setup_sam_3d_body("org/model")');
  });
  it("uses only names it defines or imports", () => {
    const gliner2 = snippet("gliner2", {})[0];
    expect(gliner2).not.toContain("extractor");
    expect(gliner2).toContain("model.extract_entities(");
    expect(snippet("phantom-wan", {})[0]).toContain("from phantom_wan import WanI2V, configs");
    expect(snippet("kimi-audio", {})[0]).toContain("import soundfile as sf");
    const univa = snippet("univa", {})[0];
    expect(univa).toContain("import torch\n");
    expect(univa).toContain("from transformers import AutoProcessor\n");
    expect(snippet("vui", {})[0]).toContain("from vui.model import Vui\n");
  });
  it("has no stray indentation or tabs", () => {
    for (const key of ["univa", "lvface", "phantom-wan", "outetts"] as const) {
      const [code] = snippet(key, {});
      expect(code, key).not.toContain("\t");
      for (const line of code.split("\n").filter((l) => /^\s*(import|from) /.test(l))) expect(line, key).toMatch(/^\S/);
      expect(code.split("\n").at(-1), key).toMatch(/^\S/);
    }
  });
});

describe("existing libraries with newest facts", () => {
  it("chronos-forecasting installs, then forecasts AirPassengers with predict_df", () => {
    const out = snippet("chronos-forecasting", { id: "amazon/chronos-bolt-small" });
    expect(out[0]).toBe("pip install chronos-forecasting");
    expect(out[1]).toContain('BaseChronosPipeline.from_pretrained("amazon/chronos-bolt-small", device_map="cuda")');
    expect(out[1]).toContain("prediction_length=36");
    expect(out[1]).toContain('target="#Passengers"');
  });
  it("zonos builds the speaker embedding and the conditioning", () => {
    const [code] = snippet("zonos", {});
    expect(code).toContain('Zonos.from_pretrained("org/model", device="cuda")');
    expect(code).toContain('make_cond_dict(text="Hello, world!", speaker=speaker, language="en-us")');
  });
  it("mlx branches on the pipeline tag", () => {
    expect(snippet("mlx", { pipeline_tag: "image-text-to-text" })[0]).toContain("from mlx_vlm import generate, load");
    expect(snippet("mlx", { pipeline_tag: "text-generation", tags: ["conversational"] })[0]).toContain(
      "apply_chat_template",
    );
    expect(snippet("mlx", { pipeline_tag: "text-generation" })[0]).toContain('prompt="Once upon a time in"');
    expect(snippet("mlx", { pipeline_tag: "text-to-image" })[0]).toContain("hf download org/model --local-dir model");
  });
});

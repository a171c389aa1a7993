// Exact behaviours and fallback texts of catalogue.md §6.2, and the §13 defects we must not reproduce.
import { describe, expect, it } from "vitest";
import { MODEL_LIBRARIES_UI_ELEMENTS } from "../../src/libraries/index.js";
import { LIBRARY_TASK_MAPPING } from "../../src/library-to-tasks.js";
import type { ModelData } from "../../src/model-data.js";
import { PIPELINE_TYPES } from "../../src/pipelines.js";

function snippet(key: keyof typeof MODEL_LIBRARIES_UI_ELEMENTS, model: Partial<ModelData>): string[] {
  const fn = MODEL_LIBRARIES_UI_ELEMENTS[key].snippets;
  if (fn === undefined) throw new Error(`${key} has no snippets`);
  return fn({ id: "org/model", tags: [], ...model });
}

describe("transformers", () => {
  const info = { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" };
  it("says the type is unknown without transformersInfo", () => {
    expect(snippet("transformers", {})).toEqual(["# ⚠️ Type of model unknown"]);
  });
  it("puts a pipeline block first only for tasks the hosted API serves", () => {
    const served = snippet("transformers", { transformersInfo: info, pipeline_tag: "text-generation" });
    expect(served).toHaveLength(2);
    expect(served[0]).toContain('pipe = pipeline("text-generation", model="org/model")');
    expect(served[1]).toContain('model = AutoModelForCausalLM.from_pretrained("org/model", device_map="auto")');
    expect(snippet("transformers", { transformersInfo: info, pipeline_tag: "text-to-3d" })).toHaveLength(1);
    expect(snippet("transformers", { transformersInfo: info })).toHaveLength(1);
  });
  it("follows LIBRARY_TASK_MAPPING.transformers for every pipeline type", () => {
    const served = new Set<string>(LIBRARY_TASK_MAPPING.transformers);
    expect(served.size).toBe(29);
    for (const pipeline_tag of PIPELINE_TYPES) {
      const out = snippet("transformers", { transformersInfo: info, pipeline_tag });
      expect(out.length, pipeline_tag).toBe(served.has(pipeline_tag) ? 2 : 1);
      if (served.has(pipeline_tag))
        expect(out[0]).toContain(`pipeline(${JSON.stringify(pipeline_tag)}, model="org/model")`);
    }
  });
  it("adds trust_remote_code to every load call of custom-code models", () => {
    const out = snippet("transformers", {
      transformersInfo: info,
      pipeline_tag: "text-generation",
      tags: ["custom_code"],
    });
    const loads = out.join("\n").match(/"org\/model"[^)\n]*\)/g) ?? [];
    expect(loads.length).toBe(3);
    for (const call of loads) expect(call).toContain(", trust_remote_code=True");
  });
  it("names the processor after its class", () => {
    const name = (processor: string) =>
      snippet("transformers", { transformersInfo: { auto_model: "AutoModel", processor } })[0];
    expect(name("AutoTokenizer")).toContain("tokenizer = AutoTokenizer.from_pretrained(");
    expect(name("AutoFeatureExtractor")).toContain("extractor = AutoFeatureExtractor.from_pretrained(");
    expect(name("AutoImageProcessor")).toContain("processor = AutoImageProcessor.from_pretrained(");
  });
  // Newest catalogue (0.21.35): the pipeline block chats with any conversational model; loading the model directly
  // chats only when a chat template is found (tokenizer config, processor config or chat_template.jinja).
  it("chats through the pipeline with any conversational model, directly only with a chat template", () => {
    const chat = { transformersInfo: info, pipeline_tag: "text-generation" as const, tags: ["conversational"] };
    const messages = 'messages = [\n    {"role": "user", "content": "Who are you?"},\n]';
    const withoutTemplate = snippet("transformers", chat);
    expect(withoutTemplate[0]).toContain(
      `pipe = pipeline("text-generation", model="org/model")\n${messages}\npipe(messages)`,
    );
    expect(withoutTemplate[1]).not.toContain("apply_chat_template");
    for (const config of [
      { tokenizer_config: { chat_template: "{{x}}" } },
      { processor_config: { chat_template: "{{x}}" } },
      { chat_template_jinja: "{{x}}" },
    ]) {
      const direct = snippet("transformers", { ...chat, config })[1];
      expect(direct, JSON.stringify(config)).toContain(
        "inputs = tokenizer.apply_chat_template(\n    messages,\n    add_generation_prompt=True,",
      );
      expect(direct).toContain("outputs = model.generate(**inputs, max_new_tokens=40)");
    }
    expect(snippet("transformers", { ...chat, config: { processor_config: { chat_template: 3 } } })[1]).not.toContain(
      "apply_chat_template",
    );
    expect(snippet("transformers", { ...chat, tags: [] })[0]).not.toContain("messages");
  });
  it("asks vision-language chat models about an image", () => {
    const [pipe] = snippet("transformers", {
      transformersInfo: { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
      pipeline_tag: "image-text-to-text",
      tags: ["conversational"],
    });
    expect(pipe).toContain('{"type": "text", "text": "What animal is on the candy?"}');
    expect(pipe).toContain("candy.JPG");
    expect(pipe.endsWith("pipe(text=messages)")).toBe(true);
  });
  it("shows example calls for image classification and warns about pipelines removed in transformers v5", () => {
    const auto = { auto_model: "AutoModel" };
    expect(snippet("transformers", { transformersInfo: auto, pipeline_tag: "image-classification" })[0]).toMatch(
      /\npipe\("https:[^"]*parrots\.png"\)$/,
    );
    expect(
      snippet("transformers", { transformersInfo: auto, pipeline_tag: "zero-shot-image-classification" })[0],
    ).toContain('candidate_labels=["animals", "humans", "landscape"]');
    let warned = 0;
    for (const pipeline_tag of ["summarization", "translation", "image-to-text"] as const) {
      const block = snippet("transformers", { transformersInfo: auto, pipeline_tag })[0];
      if (!new Set<string>(LIBRARY_TASK_MAPPING.transformers).has(pipeline_tag)) continue;
      warned++;
      expect(block.split("\n").filter((line) => line.startsWith("# ⚠️") || line.startsWith("# "))).toHaveLength(4);
      expect(block).toContain("no longer supported in transformers v5");
    }
    expect(snippet("transformers", { transformersInfo: auto, pipeline_tag: "text-generation" })[0]).not.toContain("v5");
    expect(warned, "pipelines of the three removed tasks that are served").toBeGreaterThan(0);
  });
  it("never writes an untrusted class name into code", () => {
    const out = snippet("transformers", { transformersInfo: { auto_model: "AutoModel; import os", processor: "X()" } });
    expect(out[0]).toContain("from transformers import AutoProcessor, AutoModel\n");
  });
});

describe("transformers.js", () => {
  it("needs a pipeline tag", () => {
    expect(snippet("transformers.js", {})).toEqual(["// ⚠️ Unknown pipeline tag"]);
  });
  it("creates the pipeline", () => {
    const [code] = snippet("transformers.js", { pipeline_tag: "fill-mask" });
    expect(code.startsWith("// npm i @huggingface/transformers\n")).toBe(true);
    expect(code).toContain("pipeline('fill-mask', 'org/model')");
  });
});

describe("peft", () => {
  it("checks the task type first, then the base model", () => {
    expect(snippet("peft", {})).toEqual(["Task type is invalid."]);
    expect(snippet("peft", { config: { peft: { task_type: "NOPE", base_model_name_or_path: "b/m" } } })).toEqual([
      "Task type is invalid.",
    ]);
    expect(snippet("peft", { config: { peft: { task_type: "CAUSAL_LM" } } })).toEqual(["Base model is not found."]);
    expect(snippet("peft", { config: { peft: { task_type: "toString" } } })).toEqual(["Task type is invalid."]);
  });
  it.each([
    ["CAUSAL_LM", "CausalLM"],
    ["SEQ_2_SEQ_LM", "Seq2SeqLM"],
    ["TOKEN_CLS", "TokenClassification"],
    ["SEQ_CLS", "SequenceClassification"],
  ])("maps %s to AutoModelFor%s", (task_type, suffix) => {
    const [code] = snippet("peft", { config: { peft: { task_type, base_model_name_or_path: "base/model" } } });
    expect(code).toBe(`from peft import PeftModel
from transformers import AutoModelFor${suffix}

base_model = AutoModelFor${suffix}.from_pretrained("base/model")
model = PeftModel.from_pretrained(base_model, "org/model")`);
  });
});

describe("speechbrain", () => {
  it("has two fallbacks", () => {
    expect(snippet("speechbrain", {})).toEqual(["# interface not specified in config.json"]);
    expect(snippet("speechbrain", { config: { speechbrain: { speechbrain_interface: "Foo" } } })).toEqual([
      "# interface in config.json invalid",
    ]);
  });
  it.each([
    ["EncoderClassifier", "classify_file"],
    ["EncoderDecoderASR", "transcribe_file"],
    ["EncoderASR", "transcribe_file"],
    ["SpectralMaskEnhancement", "enhance_file"],
    ["SepformerSeparation", "separate_file"],
  ])("%s runs %s", (speechbrain_interface, method) => {
    const [code] = snippet("speechbrain", { config: { speechbrain: { speechbrain_interface } } });
    expect(code).toContain(`import ${speechbrain_interface}\n`);
    expect(code).toContain(`model = ${speechbrain_interface}.from_hparams(`);
    expect(code).toContain(`model.${method}("file.wav")`);
  });
});

describe("sklearn", () => {
  const skops = (sklearn: object) => snippet("sklearn", { tags: ["skops"], config: { sklearn } });
  it("needs a file name for skops models", () => {
    expect(skops({})).toEqual(["# ⚠️ Model filename not specified in config.json"]);
  });
  it("loads pickles with joblib after a skops download, and skops files with skops.io", () => {
    const [pickle] = skops({ model: { file: "m.pkl" }, model_format: "pickle" });
    expect(pickle).toContain('download("org/model", "path_to_folder")');
    expect(pickle).toContain('joblib.load(\n    "path_to_folder/m.pkl"\n)');
    const [native] = skops({ model: { file: "m.skops" }, model_format: "skops" });
    expect(native).toContain('load("path_to_folder/m.skops", trusted=unknown_types)');
  });
  it("downloads sklearn_model.joblib without the skops tag", () => {
    expect(snippet("sklearn", {})[0]).toContain('hf_hub_download("org/model", "sklearn_model.joblib")');
  });
  it("warns about pickle files in every variant", () => {
    for (const out of [
      snippet("sklearn", {}),
      skops({ model: { file: "a" }, model_format: "pickle" }),
      skops({ model: { file: "a" } }),
    ]) {
      expect(out[0]).toMatch(/pickle file.*trust/);
    }
  });
});

describe("keras-hub", () => {
  it("orders dedicated tasks, then other tasks, then the backbone; blocks start and end with a newline", () => {
    const out = snippet("keras-hub", {
      config: { keras_hub: { tasks: ["ImageClassifier", "Seq2SeqLM", "TextClassifier", "CausalLM", "TextToImage"] } },
    });
    const classes = out.map((block) => /keras_hub\.models\.(\w+)\.from_preset/.exec(block)?.[1]);
    expect(classes).toEqual(["CausalLM", "TextToImage", "TextClassifier", "ImageClassifier", "Seq2SeqLM", "Backbone"]);
    for (const block of out) expect(block.startsWith("\n") && block.endsWith("\n")).toBe(true);
    for (const block of out) expect(block).toContain('"hf://org/model"');
  });
  it("shows only the backbone without tasks", () => {
    expect(snippet("keras-hub", {})).toHaveLength(1);
  });
});

describe("adapters (§13)", () => {
  it("loads the base model named in config.json", () => {
    const [code] = snippet("adapter-transformers", {
      config: { adapter_transformers: { model_name: "bert-base-uncased" } },
    });
    expect(code).toContain('AutoAdapterModel.from_pretrained("bert-base-uncased")');
    expect(code).toContain('model.load_adapter("org/model", set_active=True)');
  });
  it("uses a placeholder, never undefined, without a base model", () => {
    const out = snippet("adapter-transformers", {});
    expect(out).toHaveLength(1);
    expect(out[0].startsWith("# ⚠️ Base model not specified in config.json")).toBe(true);
    expect(out[0]).toContain("<base_model_name>");
    expect(out[0]).not.toContain("undefined");
  });
});

describe("diffusers", () => {
  it("follows the newest branch order: inpainting, controlnet, lora, textual inversion, Flux Fill, then the task", () => {
    expect(snippet("diffusers", { tags: ["StableDiffusionXLInpaintPipeline", "controlnet"] })[0]).toContain(
      'AutoPipelineForInpainting.from_pretrained("org/model", torch_dtype=torch.float16, variant="fp16")',
    );
    expect(snippet("diffusers", { tags: ["StableDiffusionInpaintPipeline"] })[0]).toContain(
      'prompt = "a tiger sitting on a park bench"',
    );
    expect(snippet("diffusers", { tags: ["FluxFillPipeline", "textual_inversion"] })[0]).toContain(
      "load_textual_inversion",
    );
    expect(snippet("diffusers", { tags: ["FluxFillPipeline"] })[0]).toContain(
      'FluxFillPipeline.from_pretrained("org/model", dtype=torch.bfloat16, device_map="cuda")',
    );
    const video = snippet("diffusers", { pipeline_tag: "image-to-video" })[0];
    expect(video).toContain('prompt = "A man with short gray hair plays a red electric guitar."');
    expect(video).toContain('export_to_video(output, "output.mp4")');
    const image = snippet("diffusers", { pipeline_tag: "image-to-image" })[0];
    expect(image).toContain('prompt = "Turn this cat into a dog"');
    expect(image).toContain("cat.png");
    const loraVideo = snippet("diffusers", {
      tags: ["lora"],
      pipeline_tag: "image-to-video",
      cardData: { base_model: "b/m" },
    });
    expect(loraVideo[0]).toContain('DiffusionPipeline.from_pretrained("b/m"');
    expect(loraVideo[0]).toContain('pipe.load_lora_weights("org/model")');
    expect(loraVideo[0]).toContain("export_to_video");
    for (const out of [video, image, loraVideo[0], snippet("diffusers", {})[0]]) {
      expect(out).toContain('# switch to "mps" for apple devices');
      expect(out).toContain("import torch");
    }
  });
  it("checks controlnet, lora, textual_inversion in that order", () => {
    const tags = ["textual_inversion", "lora", "controlnet"];
    expect(snippet("diffusers", { tags })[0]).toContain("ControlNetModel.from_pretrained");
    expect(snippet("diffusers", { tags: tags.slice(0, 2) })[0]).toContain('load_lora_weights("org/model")');
    expect(snippet("diffusers", { tags: tags.slice(0, 1) })[0]).toContain('load_textual_inversion("org/model")');
  });
  it("joins a list of base models and falls back to fill-in-base-model", () => {
    expect(snippet("diffusers", { tags: ["lora"], cardData: { base_model: ["a/b", "c/d"] } })[0]).toContain(
      '"a/b,c/d"',
    );
    expect(snippet("diffusers", { tags: ["lora"] })[0]).toContain('"fill-in-base-model"');
  });
  it("takes the prompt from the widget, else the instance prompt, else the default", () => {
    const card = { instance_prompt: "sks dog" };
    expect(snippet("diffusers", { widgetData: [{ text: 'say "hi"' }], cardData: card })[0]).toContain(
      'prompt = "say \\"hi\\""',
    );
    expect(snippet("diffusers", { cardData: card })[0]).toContain('prompt = "sks dog"');
    expect(snippet("diffusers", {})[0]).toContain(
      'prompt = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k"',
    );
  });
});

describe("diffusionkit", () => {
  it("uses FluxPipeline with 4 steps and no CFG for flux", () => {
    const [setup, generate] = snippet("diffusionkit", { tags: ["flux"] });
    expect(setup).toContain('FluxPipeline(\n    shift=1.0,\n    model_version="org/model",');
    expect(generate).toContain("HEIGHT = 512\nWIDTH = 512\nNUM_STEPS = 4\nCFG_WEIGHT = 0");
  });
  it("uses the SD3 pipeline with 50 steps and CFG 5 otherwise", () => {
    const [setup, generate] = snippet("diffusionkit", {});
    expect(setup).toContain('shift=3.0,\n    use_t5=False,\n    model_version="org/model",');
    expect(generate).toContain("NUM_STEPS = 50\nCFG_WEIGHT = 5");
    expect(generate).toContain('"a photo of a cat"');
  });
});

describe("ultralytics and yolov10 (§13)", () => {
  it("builds the class from the first yolov<N> tag", () => {
    expect(snippet("ultralytics", { tags: ["yolo", "yolov8"] })[0]).toContain("from ultralytics import YOLOv8\n");
    expect(snippet("yolov10", { tags: ["yolov10"] })[0]).toContain('model = YOLOv10.from_pretrained("org/model")');
    expect(MODEL_LIBRARIES_UI_ELEMENTS.yolov10.snippets).toBeDefined();
  });
  it("asks for the version when no tag names it", () => {
    const [code] = snippet("ultralytics", { tags: ["yolov", "yolov8x"] });
    expect(code.startsWith("# Couldn't find a valid YOLO version tag.\n# Replace XX with the correct version.\n")).toBe(
      true,
    );
    expect(code).toContain("YOLOvXX");
  });
});

describe("single-branch fallbacks", () => {
  it("espnet", () => {
    expect(snippet("espnet", {})).toEqual([
      "unknown model type (must be text-to-speech or automatic-speech-recognition)",
    ]);
    expect(snippet("espnet", { tags: ["text-to-speech"] })[0]).toContain('Text2Speech.from_pretrained("org/model")');
    expect(snippet("espnet", { tags: ["automatic-speech-recognition"] })[0]).toContain("Speech2Text.from_pretrained");
  });
  it("nemo", () => {
    expect(snippet("nemo", {})).toEqual(["# tag did not correspond to a valid NeMo domain."]);
    expect(snippet("nemo", { tags: ["automatic-speech-recognition"] })[0]).toContain(
      'ASRModel.from_pretrained("org/model")',
    );
  });
  it("audiocraft", () => {
    expect(snippet("audiocraft", {})).toEqual(["# Type of model unknown."]);
    expect(snippet("audiocraft", { tags: ["musicgen"] })[0]).toContain("MusicGen.get_pretrained");
    expect(snippet("audiocraft", { tags: ["audiogen"] })[0]).toContain("AudioGen.get_pretrained");
    expect(snippet("audiocraft", { tags: ["magnet"] })[0]).toContain("MAGNeT.get_pretrained");
    // One block per family; AudioGen sets a duration before generating, the others do not.
    expect(snippet("audiocraft", { tags: ["audiogen"] })).toEqual([
      `from audiocraft.models import AudioGen

model = AudioGen.get_pretrained("org/model")
model.set_generation_params(duration=5)  # generate 5 seconds.

descriptions = ["dog barking", "siren of an emergency vehicle", "footsteps in a corridor"]
wav = model.generate(descriptions)  # generates 3 samples.`,
    ]);
    expect(snippet("audiocraft", { tags: ["musicgen"] })[0]).toContain(
      'MusicGen.get_pretrained("org/model")\n\ndescriptions = ["happy rock", "energetic EDM", "sad jazz"]\n',
    );
    expect(snippet("audiocraft", { tags: ["magnet", "musicgen"] })[0]).toContain("MusicGen.get_pretrained");
  });
  it("paddlenlp", () => {
    const [unknown] = snippet("paddlenlp", {});
    expect(unknown.split("\n")[0]).toBe("# ⚠️ Type of model unknown");
    expect(unknown).toContain("AutoModel.from_pretrained");
    expect(snippet("paddlenlp", { config: { architectures: ["ErnieModel"] } })[0]).toContain(
      'model = ErnieModel.from_pretrained("org/model", from_hf_hub=True)',
    );
  });
});

describe("sentence-transformers", () => {
  it("loads PyLate models with pylate's ColBERT first", () => {
    const [code] = snippet("sentence-transformers", { tags: ["PyLate", "cross-encoder"] });
    expect(code).toContain("from pylate import models");
    expect(code).toContain('models.ColBERT(model_name_or_path="org/model")');
  });
  it("uses CrossEncoder for cross-encoders and text-ranking models", () => {
    expect(snippet("sentence-transformers", { tags: ["cross-encoder"] })[0]).toContain('CrossEncoder("org/model")');
    expect(snippet("sentence-transformers", { pipeline_tag: "text-ranking" })[0]).toContain("CrossEncoder(");
  });
  it("embeds the widget sentences and prints the similarity shape", () => {
    const [code] = snippet("sentence-transformers", {
      widgetData: [{ source_sentence: "a", sentences: ["b", "c", "d"] }],
    });
    expect(code).toContain('sentences = [\n    "a",\n    "b",\n    "c",\n    "d",\n]');
    expect(code.endsWith("# [4, 4]")).toBe(true);
    expect(snippet("sentence-transformers", {})[0].endsWith("# [3, 3]")).toBe(true);
  });
});

describe("tag-driven blocks", () => {
  it("allennlp", () => {
    expect(snippet("allennlp", { tags: ["question-answering"] })[0]).toContain("predict_json");
    expect(snippet("allennlp", {})[0]).not.toContain("predict_json");
    expect(snippet("allennlp", {})[0]).toContain('Predictor.from_path("hf://org/model")');
  });
  it("tensorflowtts", () => {
    expect(snippet("tensorflowtts", { tags: ["text-to-mel"] })[0]).toContain("AutoProcessor");
    expect(snippet("tensorflowtts", { tags: ["mel-to-wav"] })[0]).toContain("model.inference(mels)");
  });
  it("pyannote-audio", () => {
    expect(snippet("pyannote-audio", { tags: ["pyannote-audio-pipeline"] })[0]).toContain("Pipeline.from_pretrained");
    expect(snippet("pyannote-audio", {})[0]).toContain("Model.from_pretrained");
  });
  it("lightning-ir", () => {
    expect(snippet("lightning-ir", { tags: ["bi-encoder"] })[0]).toContain('BiEncoderModule("org/model")');
    expect(snippet("lightning-ir", { tags: ["cross-encoder"] })[0]).toContain('CrossEncoderModule("org/model")');
  });
});

describe("llama-cpp-python", () => {
  it("downloads the {{GGUF_FILE}} placeholder and chats with conversational models", () => {
    const [chat] = snippet("llama-cpp-python", { tags: ["conversational"], pipeline_tag: "text-generation" });
    expect(chat).toContain('filename="{{GGUF_FILE}}"');
    expect(chat).toContain(
      'llm.create_chat_completion(\n\tmessages = [\n\t\t{\n\t\t\t"role": "user",\n\t\t\t"content": "What is the capital of France?"\n\t\t}\n\t]\n)',
    );
  });
  it("completes a prompt otherwise", () => {
    const [code] = snippet("llama-cpp-python", {});
    expect(code).toContain('"Once upon a time,"');
    expect(code).not.toContain("create_chat_completion");
  });
});

describe("§13 quoting and download fixes", () => {
  it("quotes ids in diffusionkit, mlx-image and sam2", () => {
    expect(snippet("mlx-image", {})[0]).toContain('create_model("org/model")');
    const sam = snippet("sam2", {});
    expect(sam).toHaveLength(2);
    for (const block of sam) expect(block).toContain('.from_pretrained("org/model")');
  });
  it("ml-agents downloads into ./downloads", () => {
    expect(snippet("ml-agents", {})).toEqual(['mlagents-load-from-hf --repo-id=org/model --local-dir="./downloads"']);
  });
  it("mask tokens never reach library snippets unescaped", () => {
    const out = snippet("transformers", {
      transformersInfo: { auto_model: "AutoModelForMaskedLM" },
      pipeline_tag: "fill-mask",
      mask_token: '"); import os #',
    });
    expect(out.join("\n")).not.toContain("import os");
  });
});

describe("input validation", () => {
  it("rejects records that are not models", () => {
    const fn = MODEL_LIBRARIES_UI_ELEMENTS.timm.snippets!;
    expect(() => fn(null as unknown as ModelData)).toThrow("model must be an object");
    expect(() => fn({ id: "", tags: [] })).toThrow("model.id must be a non-empty string");
    expect(() => fn({ id: "a/b" } as unknown as ModelData)).toThrow("model.tags must be an array");
  });
});

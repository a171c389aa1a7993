// Model records for the snippet matrix: typical models of each library, one per fallback branch, models with no
// config at all, and a hostile twin of each (same shape, every free-text value replaced by an attack string).
import type { ModelData } from "../../src/model-data.js";

export interface Fixture {
  name: string;
  model: ModelData;
}

/**
 * Attack text: quotes of every kind, triple quotes, backslashes (one at the very end), line breaks that would
 * start a new statement, command substitutions, backticks, braces (f-strings, templates), comment openers and a
 * line equal to a heredoc terminator.
 */
export const HOSTILE = [
  `"); import os; os.system("touch /tmp/pwned-py") #`,
  `\n__import__("os").system("touch /tmp/pwned-nl")\n`,
  `'''"""\\`,
  `$(touch /tmp/pwned-sh)\`touch /tmp/pwned-bt\`\${HOME}!;|&<>`,
  "{__import__('os')}{{GGUF}} */ </script> -->",
  "\r\nEOF\nEOF\n\u2028\u2029\u0085\t// # ",
  "\\",
].join("");

/** A hostile model id: the original id (so id-driven branches stay the same) followed by the attack text. */
const hostile = (value: string): string => value + HOSTILE;

const TYPICAL: Fixture[] = [
  { name: "bare model", model: { id: "acme/some-model", tags: [] } },
  { name: "id without owner", model: { id: "gpt2", tags: [] } },
  {
    name: "transformers chat LLM",
    model: {
      id: "meta-llama/Llama-3.1-8B-Instruct",
      tags: ["transformers", "conversational", "text-generation"],
      pipeline_tag: "text-generation",
      transformersInfo: {
        auto_model: "AutoModelForCausalLM",
        processor: "AutoTokenizer",
        pipeline_tag: "text-generation",
      },
      config: { architectures: ["LlamaForCausalLM"], tokenizer_config: { chat_template: "{{ messages }}" } },
    },
  },
  {
    name: "transformers custom code feature extractor",
    model: {
      id: "acme/audio-clf",
      tags: ["transformers", "custom_code"],
      pipeline_tag: "audio-classification",
      transformersInfo: { auto_model: "AutoModelForAudioClassification", processor: "AutoFeatureExtractor" },
    },
  },
  {
    name: "transformers task outside the hosted mapping",
    model: {
      id: "acme/text-to-3d",
      tags: ["transformers"],
      pipeline_tag: "text-to-3d",
      transformersInfo: { auto_model: "AutoModel" },
    },
  },
  {
    name: "vision-language chat model",
    model: {
      id: "acme/vlm-chat",
      tags: ["conversational", "image-text-to-text", "mlx"],
      pipeline_tag: "image-text-to-text",
      transformersInfo: { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
      config: { tokenizer_config: { chat_template: [{ name: "default", template: "x" }] } },
    },
  },
  {
    name: "peft causal LM",
    model: {
      id: "acme/lora-adapter",
      tags: ["peft"],
      pipeline_tag: "text-generation",
      config: { peft: { task_type: "CAUSAL_LM", base_model_name_or_path: "meta-llama/Llama-2-7b-hf" } },
    },
  },
  {
    name: "peft seq cls",
    model: {
      id: "acme/cls-adapter",
      tags: [],
      config: { peft: { task_type: "SEQ_CLS", base_model_name_or_path: "bert-base-uncased" } },
    },
  },
  {
    name: "peft unknown task",
    model: { id: "acme/p1", tags: [], config: { peft: { task_type: "FOO", base_model_name_or_path: "x/y" } } },
  },
  { name: "peft no base model", model: { id: "acme/p2", tags: [], config: { peft: { task_type: "TOKEN_CLS" } } } },
  ...["EncoderClassifier", "EncoderDecoderASR", "EncoderASR", "SpectralMaskEnhancement", "SepformerSeparation"].map(
    (speechbrain_interface): Fixture => ({
      name: `speechbrain ${speechbrain_interface}`,
      model: {
        id: `speechbrain/${speechbrain_interface.toLowerCase()}`,
        tags: [],
        config: { speechbrain: { speechbrain_interface } },
      },
    }),
  ),
  {
    name: "speechbrain unknown interface",
    model: { id: "sb/x", tags: [], config: { speechbrain: { speechbrain_interface: "Foo" } } },
  },
  {
    name: "sklearn skops pickle",
    model: {
      id: "acme/tabular",
      tags: ["skops", "sklearn"],
      config: { sklearn: { model: { file: "model.pkl" }, model_format: "pickle" } },
    },
  },
  {
    name: "sklearn skops format",
    model: {
      id: "acme/tabular-skops",
      tags: ["skops"],
      config: { sklearn: { model: { file: "model.skops" }, model_format: "skops" } },
    },
  },
  {
    name: "sklearn skops without file",
    model: { id: "acme/tabular-nofile", tags: ["skops"], config: { sklearn: {} } },
  },
  {
    name: "keras-hub with every kind of task",
    model: {
      id: "keras/gemma_2b_en",
      tags: ["keras-hub"],
      config: {
        keras_hub: {
          tasks: ["Backbone", "ImageClassifier", "Seq2SeqLM", "CausalLM", "TextToImage", "TextClassifier", "CausalLM"],
        },
      },
    },
  },
  {
    name: "adapters with base model",
    model: {
      id: "AdapterHub/bert-base-uncased-pf-squad",
      tags: [],
      config: { adapter_transformers: { model_name: "bert-base-uncased" } },
    },
  },
  {
    name: "adapters without base model",
    model: { id: "AdapterHub/no-base", tags: [], config: { adapter_transformers: {} } },
  },
  {
    name: "diffusers controlnet with base model list",
    model: {
      id: "lllyasviel/sd-controlnet-canny",
      tags: ["controlnet"],
      cardData: { base_model: ["runwayml/stable-diffusion-v1-5", "other/base"] },
    },
  },
  {
    name: "diffusers lora with widget prompt",
    model: {
      id: "acme/pixel-lora",
      tags: ["lora", "text-to-image"],
      pipeline_tag: "text-to-image",
      widgetData: [{ text: "pixel art of a cat" }],
      cardData: { base_model: "stabilityai/stable-diffusion-xl-base-1.0", instance_prompt: "ignored" },
    },
  },
  { name: "diffusers textual inversion", model: { id: "sd-concepts-library/cat-toy", tags: ["textual_inversion"] } },
  {
    name: "diffusers instance prompt",
    model: { id: "acme/dreambooth", tags: ["text-to-image"], cardData: { instance_prompt: "a photo of sks dog" } },
  },
  { name: "flux model", model: { id: "argmaxinc/mlx-FLUX.1-schnell", tags: ["flux"] } },
  {
    name: "yolov8",
    model: { id: "Ultralytics/YOLOv8", tags: ["ultralytics", "yolov8"], pipeline_tag: "object-detection" },
  },
  { name: "yolov10", model: { id: "jameslahm/yolov10n", tags: ["yolov10", "yolov"] } },
  { name: "espnet tts", model: { id: "espnet/kan-bayashi_ljspeech_vits", tags: ["text-to-speech", "musicgen"] } },
  {
    name: "espnet asr",
    model: {
      id: "espnet/asr",
      tags: ["automatic-speech-recognition", "audiogen"],
      pipeline_tag: "automatic-speech-recognition",
    },
  },
  { name: "magnet", model: { id: "facebook/magnet-small-10secs", tags: ["magnet", "text-to-mel", "bi-encoder"] } },
  {
    name: "mel-to-wav cross-encoder",
    model: { id: "tensorspeech/mb-melgan", tags: ["mel-to-wav", "cross-encoder", "pyannote-audio-pipeline"] },
  },
  {
    name: "paddlenlp architecture",
    model: { id: "PaddlePaddle/ernie-3.0", tags: [], config: { architectures: ["ErnieForMaskedLM"] } },
  },
  {
    name: "paddlenlp invalid architecture",
    model: { id: "PaddlePaddle/bad", tags: [], config: { architectures: ["Not A Class"] } },
  },
  {
    name: "sentence-transformers widget",
    model: {
      id: "sentence-transformers/all-MiniLM-L6-v2",
      tags: ["question-answering"],
      pipeline_tag: "sentence-similarity",
      widgetData: [
        { source_sentence: "That is a happy person", sentences: ["That is a happy dog", "Today is a sunny day"] },
      ],
    },
  },
  {
    name: "text-ranking",
    model: { id: "cross-encoder/ms-marco-MiniLM-L6-v2", tags: [], pipeline_tag: "text-ranking" },
  },
  {
    name: "gguf chat",
    model: {
      id: "bartowski/Llama-3.2-1B-Instruct-GGUF",
      tags: ["gguf", "conversational"],
      gguf: { total: 1, context_length: 4096 },
    },
  },
  { name: "stanza", model: { id: "stanfordnlp/stanza-en", tags: [] } },
  { name: "doctr detector", model: { id: "mindee/db-resnet50", tags: [], pipeline_tag: "object-detection" } },
  { name: "colqwen2", model: { id: "vidore/colqwen2-v1.0", tags: [] } },
  { name: "depth anything small", model: { id: "depth-anything/Depth-Anything-V2-Small", tags: [] } },
  { name: "trellis text", model: { id: "microsoft/TRELLIS-text-large", tags: [] } },
  { name: "cosyvoice2", model: { id: "FunAudioLLM/CosyVoice2-0.5B", tags: [] } },
  { name: "faster-whisper", model: { id: "Systran/faster-whisper-large-v3", tags: ["automatic-speech-recognition"] } },
  { name: "ctranslate2 translation", model: { id: "acme/nllb-ct2", tags: [], pipeline_tag: "translation" } },
  // Branches of the libraries of the newest catalogue (0.21.35).
  { name: "lerobot smolvla finetune", model: { id: "acme/smolvla_pickplace", tags: ["smolvla", "lerobot"] } },
  {
    name: "ltx ic-lora",
    model: { id: "Lightricks/LTX-2-19b-IC-LoRA-Canny-Control", tags: ["ltx-2", "ic-lora", "lora"] },
  },
  { name: "moshi mlx q4", model: { id: "kyutai/moshiko-mlx-q4", tags: [] } },
  { name: "moshi mlx bf16", model: { id: "kyutai/moshika-mlx-bf16", tags: [] } },
  { name: "paddleocr doc vlm", model: { id: "PaddlePaddle/PP-DocBee2-3B", tags: ["doc_vlm"] } },
  { name: "paddleocr-vl", model: { id: "PaddlePaddle/PaddleOCR-VL-1.5", tags: ["document-parse"] } },
  { name: "paddleocr module", model: { id: "PaddlePaddle/PP-OCRv5_server_det", tags: ["textline_detection"] } },
  {
    name: "multimolecule secondary structure",
    model: {
      id: "multimolecule/rnafm-ss",
      tags: ["rna-secondary-structure"],
      mask_token: "<mask>",
      widgetData: [{ text: "UAGC<mask>UAUCAGACUGAUGUUGA" }],
    },
  },
  {
    name: "multimolecule fill-mask",
    model: {
      id: "multimolecule/rinalmo",
      tags: [],
      pipeline_tag: "fill-mask",
      mask_token: "<mask>",
      widgetData: [{ text: "ACG<mask>UGGA" }],
    },
  },
  { name: "perception encoder core", model: { id: "facebook/PE-Core-L14-336", tags: [] } },
  { name: "pruna diffusers", model: { id: "PrunaAI/FLUX.1-dev-smashed", tags: ["pruna-ai", "diffusers"] } },
  { name: "pruna pro", model: { id: "PrunaAI/pro-model", tags: ["pruna_pro-ai", "transformers"] } },
  // Branches the newest catalogue added to existing libraries (diffusers, transformers, sentence-transformers, mlx).
  {
    name: "diffusers image-to-video",
    model: {
      id: "Wan-AI/Wan2.1-I2V-14B-480P-Diffusers",
      tags: ["diffusers"],
      pipeline_tag: "image-to-video",
      widgetData: [{ text: "a cat surfing" }],
    },
  },
  {
    name: "diffusers lora image-to-image",
    model: {
      id: "acme/kontext-lora",
      tags: ["lora"],
      pipeline_tag: "image-to-image",
      cardData: { base_model: "black-forest-labs/FLUX.1-Kontext-dev" },
    },
  },
  { name: "diffusers inpainting", model: { id: "diffusers/sdxl-inpaint", tags: ["StableDiffusionXLInpaintPipeline"] } },
  { name: "flux fill", model: { id: "black-forest-labs/FLUX.1-Fill-dev", tags: ["FluxFillPipeline"] } },
  {
    name: "pylate colbert",
    model: { id: "lightonai/GTE-ModernColBERT-v1", tags: ["PyLate", "sentence-transformers"] },
  },
  {
    name: "transformers image classification",
    model: {
      id: "google/vit-base-patch16-224",
      tags: ["transformers"],
      pipeline_tag: "image-classification",
      transformersInfo: { auto_model: "AutoModelForImageClassification", processor: "AutoImageProcessor" },
    },
  },
  {
    name: "transformers summarization",
    model: {
      id: "facebook/bart-large-cnn",
      tags: ["transformers"],
      pipeline_tag: "summarization",
      transformersInfo: { auto_model: "AutoModelForSeq2SeqLM", processor: "AutoTokenizer" },
    },
  },
  {
    name: "transformers chat template in processor config",
    model: {
      id: "acme/vlm-processor-template",
      tags: ["transformers", "conversational"],
      pipeline_tag: "image-text-to-text",
      transformersInfo: { auto_model: "AutoModelForImageTextToText", processor: "AutoProcessor" },
      config: { processor_config: { chat_template: "{{ messages }}" } },
    },
  },
  { name: "mlx text generation", model: { id: "mlx-community/gpt2", tags: ["mlx"], pipeline_tag: "text-generation" } },
];

/** Every string value of the record that a repository author controls, replaced by its hostile form. */
function hostileTwin(model: ModelData): ModelData {
  const twin: ModelData = structuredClone(model);
  twin.id = hostile(model.id);
  twin.tags = [...model.tags, HOSTILE, `yolov${HOSTILE}`];
  twin.mask_token = HOSTILE;
  twin.cardData = {
    ...(model.cardData ?? {}),
    ...(model.cardData?.base_model !== undefined
      ? {
          base_model: Array.isArray(model.cardData.base_model)
            ? model.cardData.base_model.map(hostile)
            : hostile(model.cardData.base_model),
        }
      : {}),
    ...(typeof model.cardData?.instance_prompt === "string"
      ? { instance_prompt: hostile(model.cardData.instance_prompt) }
      : {}),
  };
  if (model.widgetData) {
    twin.widgetData = model.widgetData.map((widget) => {
      const copy: Record<string, unknown> = { ...widget };
      for (const [key, value] of Object.entries(copy)) {
        if (typeof value === "string") copy[key] = hostile(value);
        if (Array.isArray(value)) copy[key] = value.map((v) => (typeof v === "string" ? hostile(v) : v));
      }
      return copy as unknown as NonNullable<ModelData["widgetData"]>[number];
    });
  }
  const config = twin.config;
  if (config) {
    if (config.peft?.base_model_name_or_path)
      config.peft.base_model_name_or_path = hostile(config.peft.base_model_name_or_path);
    if (config.adapter_transformers?.model_name)
      config.adapter_transformers.model_name = hostile(config.adapter_transformers.model_name);
    if (config.sklearn?.model?.file) config.sklearn.model.file = hostile(config.sklearn.model.file);
    if (config.keras_hub?.tasks) config.keras_hub.tasks = [...config.keras_hub.tasks, HOSTILE, `Causal${HOSTILE}`];
    if (config.tokenizer_config?.chat_template) config.tokenizer_config.chat_template = HOSTILE;
  }
  return twin;
}

/** Pairs of (typical fixture, its hostile twin). */
export const FIXTURE_PAIRS: Array<{ typical: Fixture; hostile: Fixture }> = TYPICAL.map((fixture) => ({
  typical: fixture,
  hostile: { name: `${fixture.name} (hostile)`, model: hostileTwin(fixture.model) },
}));

/** Records whose free-text fields hold values of the wrong type (JSON from a repository can hold anything). */
export const MALFORMED: Fixture[] = [
  {
    name: "wrong types everywhere",
    model: {
      id: "acme/weird",
      tags: ["skops", "conversational", 42 as unknown as string],
      pipeline_tag: 7 as unknown as ModelData["pipeline_tag"],
      transformersInfo: { auto_model: `Auto${HOSTILE}`, processor: `Proc${HOSTILE}` },
      widgetData: [null as unknown as NonNullable<ModelData["widgetData"]>[number]],
      cardData: { base_model: [1, 2] as unknown as string[], instance_prompt: null },
      config: {
        architectures: [HOSTILE],
        peft: { task_type: 3 as unknown as string },
        speechbrain: { speechbrain_interface: ["EncoderASR"] as unknown as string },
        sklearn: { model: { file: { path: "x" } as unknown as string } },
        keras_hub: { tasks: "CausalLM" as unknown as string[] },
        adapter_transformers: { model_name: 5 as unknown as string },
        tokenizer_config: { chat_template: 1 as unknown as string },
      },
    },
  },
];

export const ALL_FIXTURES: Fixture[] = [...FIXTURE_PAIRS.flatMap((pair) => [pair.typical, pair.hostile]), ...MALFORMED];

// The language of every block each library returns, written out explicitly (the tests do not guess it).
import { PEFT_INVALID_TASK, PEFT_NO_BASE_MODEL } from "../../src/libraries/snippets/adapters.js";
import { ESPNET_UNKNOWN_TYPE } from "../../src/libraries/snippets/audio.js";

/** "text" = a plain fallback message, not code. */
export type BlockLanguage = "python" | "sh" | "js" | "csharp" | "text";

/** Fallback messages that are plain text, not code. */
export const PLAIN_TEXT_FALLBACKS: ReadonlySet<string> = new Set([
  PEFT_INVALID_TASK,
  PEFT_NO_BASE_MODEL,
  ESPNET_UNKNOWN_TYPE,
]);

/** Libraries whose blocks are not all Python: the language of block 0, 1, … (a single value = every block). */
const LANGUAGES: Readonly<Record<string, BlockLanguage | BlockLanguage[]>> = {
  "transformers.js": "js",
  "unity-sentis": "csharp",
  "ml-agents": "sh",
  "sample-factory": "sh",
  whisperkit: "sh",
  htrflow: "sh",
  moshi: ["sh", "python"],
  grok: "sh",
  liveportrait: "sh",
  "open-sora": "sh",
  hallo: "sh",
  champ: "sh",
  "hunyuan-dit": "sh",
  "diffusion-single-file": "sh",
  "depth-pro": ["sh", "python"],
  spacy: ["sh", "python"],
  "mlc-llm": ["sh", "python"],
  edsnlp: ["python", "sh"],
  "f5-tts": ["sh", "python"],
  // Libraries of the newest catalogue (0.21.35).
  "chronos-forecasting": ["sh", "python"],
  collectorvision: ["sh", "python"],
  colipri: ["sh", "python"],
  nobg: ["sh", "python"],
  multimolecule: ["sh", "python", "python"],
  flextab: ["sh", "python", "python", "python"],
  "sap-rpt-1-oss": ["sh", "python", "python"],
  ltx: "sh",
  "litert-lm": "sh",
  openasr: "sh",
  lerobot: "sh",
};

/** The language of block `index` of library `key` (`mlx` downloads with the CLI for models mlx-lm cannot run). */
export function blockLanguage(key: string, index: number, block: string): BlockLanguage {
  if (PLAIN_TEXT_FALLBACKS.has(block)) return "text";
  if (key === "mlx") return block.startsWith("pip install huggingface_hub\n") ? "sh" : "python";
  const spec = LANGUAGES[key] ?? "python";
  if (typeof spec === "string") return spec;
  const language = spec[index];
  if (language === undefined) throw new Error(`no language listed for block ${index} of ${key}`);
  return language;
}

/**
 * Libraries whose snippet does not name the repository: their tools pick models by other names (WhisperKit variants,
 * SAELens releases, ChatTTS's single model, Stanza's language code derived from the repository name, the default
 * checkpoints of TabPFN and F5-TTS, CoTracker's torch.hub entry points; Chatterbox, Supertonic, Vui, FlexTab and
 * SAP RPT-1 load their one default checkpoint; Mobilint, PaddleOCR and the openasr CLI name a model by its repository
 * name or release).
 */
export const NO_MODEL_ID: ReadonlySet<string> = new Set([
  "whisperkit",
  "saelens",
  "chat_tts",
  "stanza",
  "tabpfn",
  "cotracker",
  "f5-tts",
  "chatterbox",
  "supertonic",
  "vui",
  "flextab",
  "sap-rpt-1-oss",
  "mobilint",
  "PaddleOCR",
  "openasr",
]);

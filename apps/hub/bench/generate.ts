// Generated (made-up) model records for the search benchmark only: deterministic, never loaded into a real index.
// A small deterministic PRNG (mulberry32) so every run indexes the same data.
let state = 0x5eed;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const ORGS = Array.from({ length: 2000 }, (_, i) => `org${i}`);
const FAMILIES = [
  "llama",
  "qwen",
  "mistral",
  "gemma",
  "phi",
  "bert",
  "roberta",
  "whisper",
  "flux",
  "sdxl",
  "t5",
  "vit",
  "clip",
  "yolo",
  "wav2vec2",
  "deberta",
  "falcon",
  "bloom",
  "opt",
  "gpt2",
];
const SIZES = ["0.5B", "1B", "1.5B", "3B", "7B", "8B", "13B", "70B", "base", "large", "small", "tiny"];
const VARIANTS = ["instruct", "chat", "base", "finetuned", "gguf", "awq", "lora", "sft", "dpo", "merged", "v2", "v3"];
const TASKS = [
  "text-generation",
  "text-classification",
  "token-classification",
  "automatic-speech-recognition",
  "text-to-image",
  "image-classification",
  "sentence-similarity",
  "feature-extraction",
  "fill-mask",
  "translation",
  "summarization",
  "object-detection",
  "image-text-to-text",
  "text-to-speech",
  "reinforcement-learning",
];
const LIBRARIES = [
  "transformers",
  "diffusers",
  "sentence-transformers",
  "gguf",
  "peft",
  "timm",
  "mlx",
  "nemo",
  "speechbrain",
  "spacy",
];
const PROVIDERS = ["hf-inference", "together", "fal-ai", "nebius", "novita", "replicate"];
const EXTRA_TAGS = [
  "conversational",
  "custom_code",
  "safetensors",
  "license:apache-2.0",
  "license:mit",
  "en",
  "fr",
  "4-bit",
];

export function generatedModel(index: number): Record<string, unknown> {
  const family = pick(FAMILIES);
  const id = `${pick(ORGS)}/${family}-${pick(SIZES)}-${pick(VARIANTS)}-${index}`;
  const pipeline = pick(TASKS);
  const tags = [...new Set([family, pipeline, pick(EXTRA_TAGS), pick(EXTRA_TAGS)])];
  const providers = random() < 0.05 ? [pick(PROVIDERS), pick(PROVIDERS)] : [];
  return {
    id,
    pipeline_tag: pipeline,
    library_name: pick(LIBRARIES),
    tags,
    downloads: Math.floor(random() ** 4 * 10_000_000),
    likes: Math.floor(random() ** 6 * 50_000),
    lastModified: new Date(Date.UTC(2021, 0, 1) + Math.floor(random() * 4 * 365 * 86_400_000)).toISOString(),
    // Independent of lastModified, so the two sorts walk their indexes in different orders.
    createdAt: new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 4 * 365 * 86_400_000)).toISOString(),
    inferenceProviderMapping: Object.fromEntries(
      providers.map((provider) => [provider, { providerId: id, status: "live", task: pipeline }]),
    ),
  };
}

// The default model table of the emulated hub (pipeline tag + provider mappings) and the default model per task.
import type { EmulatedModel } from "./types.js";

const live = (providerId: string, task: string) => ({ providerId, status: "live" as const, task });

/** One model per hf-inference task, plus models mapped to every third-party (provider, task) pair. */
export const DEFAULT_MODELS: readonly EmulatedModel[] = [
  {
    id: "meta-llama/Llama-3.3-70B-Instruct",
    pipeline_tag: "text-generation",
    inferenceProviderMapping: {
      cerebras: live("llama-3.3-70b", "conversational"),
      "fireworks-ai": live("accounts/fireworks/models/llama-v3p3-70b-instruct", "conversational"),
      hyperbolic: live("meta-llama/Llama-3.3-70B-Instruct", "conversational"),
      nebius: live("meta-llama/Llama-3.3-70B-Instruct-fast", "conversational"),
      novita: live("meta-llama/llama-3.3-70b-instruct", "conversational"),
      sambanova: live("Meta-Llama-3.3-70B-Instruct", "conversational"),
      together: live("meta-llama/Llama-3.3-70B-Instruct-Turbo", "conversational"),
    },
  },
  {
    id: "CohereForAI/c4ai-command-r7b-12-2024",
    pipeline_tag: "text-generation",
    inferenceProviderMapping: { cohere: live("command-r7b-12-2024", "conversational") },
  },
  {
    id: "meta-llama/Llama-3.1-8B",
    pipeline_tag: "text-generation",
    inferenceProviderMapping: {
      hyperbolic: live("meta-llama/Meta-Llama-3.1-8B", "text-generation"),
      nebius: live("meta-llama/Meta-Llama-3.1-8B-base", "text-generation"),
      novita: live("meta-llama/llama-3.1-8b", "text-generation"),
      together: live("meta-llama/Meta-Llama-3.1-8B-Reference", "text-generation"),
    },
  },
  {
    id: "black-forest-labs/FLUX.1-dev",
    pipeline_tag: "text-to-image",
    inferenceProviderMapping: {
      "black-forest-labs": live("flux-dev", "text-to-image"),
      "fal-ai": live("fal-ai/flux/dev", "text-to-image"),
      hyperbolic: live("FLUX.1-dev", "text-to-image"),
      nebius: live("black-forest-labs/flux-dev", "text-to-image"),
      replicate: live("black-forest-labs/flux-dev", "text-to-image"),
      together: live("black-forest-labs/FLUX.1-dev", "text-to-image"),
    },
  },
  {
    id: "stabilityai/stable-diffusion-xl-base-1.0",
    pipeline_tag: "text-to-image",
    inferenceProviderMapping: {
      replicate: live(
        "stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc",
        "text-to-image",
      ),
    },
  },
  {
    id: "m-a-p/YuE-s1-7B-anneal-en-cot",
    pipeline_tag: "text-to-speech",
    inferenceProviderMapping: { "fal-ai": live("fal-ai/yue", "text-to-speech") },
  },
  {
    id: "hexgrad/Kokoro-82M",
    pipeline_tag: "text-to-speech",
    inferenceProviderMapping: {
      replicate: live(
        "jaaari/kokoro-82m:f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13",
        "text-to-speech",
      ),
    },
  },
  {
    id: "Lightricks/LTX-Video",
    pipeline_tag: "text-to-video",
    inferenceProviderMapping: {
      "fal-ai": live("fal-ai/ltx-video", "text-to-video"),
      replicate: live("lightricks/ltx-video", "text-to-video"),
    },
  },
  {
    id: "openai/whisper-large-v3",
    pipeline_tag: "automatic-speech-recognition",
    inferenceProviderMapping: { "fal-ai": live("fal-ai/whisper", "automatic-speech-recognition") },
  },
  {
    id: "acme/staging-diffusion",
    pipeline_tag: "text-to-image",
    inferenceProviderMapping: {
      "fal-ai": { providerId: "fal-ai/staging-diffusion", status: "staging", task: "text-to-image" },
    },
  },
  {
    id: "acme/array-mapping",
    pipeline_tag: "text-generation",
    mappingForm: "array",
    inferenceProviderMapping: { together: live("acme/array-mapping-turbo", "conversational") },
  },
  { id: "distilbert/distilbert-base-uncased-finetuned-sst-2-english", pipeline_tag: "text-classification" },
  { id: "openai-community/gpt2", pipeline_tag: "text-generation" },
  { id: "deepset/roberta-base-squad2", pipeline_tag: "question-answering" },
  { id: "superb/hubert-large-superb-er", pipeline_tag: "audio-classification" },
  { id: "google-bert/bert-base-uncased", pipeline_tag: "fill-mask" },
  { id: "thenlper/gte-large", pipeline_tag: "feature-extraction" },
  { id: "google/vit-base-patch16-224", pipeline_tag: "image-classification" },
  { id: "nvidia/segformer-b0-finetuned-ade-512-512", pipeline_tag: "image-segmentation" },
  { id: "impira/layoutlm-document-qa", pipeline_tag: "document-question-answering" },
  { id: "Salesforce/blip-image-captioning-large", pipeline_tag: "image-to-text" },
  { id: "facebook/detr-resnet-50", pipeline_tag: "object-detection" },
  { id: "speechbrain/sepformer-wham", pipeline_tag: "audio-to-audio" },
  { id: "openai/clip-vit-large-patch14", pipeline_tag: "zero-shot-image-classification" },
  { id: "facebook/bart-large-mnli", pipeline_tag: "zero-shot-classification" },
  { id: "timbrooks/instruct-pix2pix", pipeline_tag: "image-to-image" },
  { id: "sentence-transformers/all-MiniLM-L6-v2", pipeline_tag: "sentence-similarity" },
  { id: "google/tapas-base-finetuned-wtq", pipeline_tag: "table-question-answering" },
  { id: "julien-c/wine-quality", pipeline_tag: "tabular-classification" },
  { id: "scikit-learn/Fish-Weight", pipeline_tag: "tabular-regression" },
  { id: "espnet/kan-bayashi_ljspeech_vits", pipeline_tag: "text-to-speech" },
  { id: "dslim/bert-base-NER", pipeline_tag: "token-classification" },
  { id: "google-t5/t5-small", pipeline_tag: "translation" },
  { id: "facebook/bart-large-cnn", pipeline_tag: "summarization" },
  { id: "dandelin/vilt-b32-finetuned-vqa", pipeline_tag: "visual-question-answering" },
  { id: "facebook/musicgen-small", pipeline_tag: "text-to-audio" },
];

/** Task id → default model ids, served by `/api/tasks` (models[0] is the default). */
export const DEFAULT_TASK_MODELS: Readonly<Record<string, string[]>> = {
  "audio-classification": ["superb/hubert-large-superb-er"],
  "audio-to-audio": ["speechbrain/sepformer-wham"],
  "automatic-speech-recognition": ["openai/whisper-large-v3"],
  "document-question-answering": ["impira/layoutlm-document-qa"],
  "feature-extraction": ["thenlper/gte-large"],
  "fill-mask": ["google-bert/bert-base-uncased"],
  "image-classification": ["google/vit-base-patch16-224"],
  "image-segmentation": ["nvidia/segformer-b0-finetuned-ade-512-512"],
  "image-to-image": ["timbrooks/instruct-pix2pix"],
  "image-to-text": ["Salesforce/blip-image-captioning-large"],
  "object-detection": ["facebook/detr-resnet-50"],
  "question-answering": ["deepset/roberta-base-squad2"],
  "sentence-similarity": ["sentence-transformers/all-MiniLM-L6-v2"],
  summarization: ["facebook/bart-large-cnn"],
  "table-question-answering": ["google/tapas-base-finetuned-wtq"],
  "tabular-classification": ["julien-c/wine-quality"],
  "tabular-regression": ["scikit-learn/Fish-Weight"],
  "text-classification": ["distilbert/distilbert-base-uncased-finetuned-sst-2-english"],
  "text-generation": ["openai-community/gpt2", "meta-llama/Llama-3.1-8B"],
  "text-to-image": ["black-forest-labs/FLUX.1-dev", "stabilityai/stable-diffusion-xl-base-1.0"],
  "text-to-speech": ["espnet/kan-bayashi_ljspeech_vits", "hexgrad/Kokoro-82M"],
  "text-to-video": ["Lightricks/LTX-Video"],
  "token-classification": ["dslim/bert-base-NER"],
  translation: ["google-t5/t5-small"],
  "visual-question-answering": ["dandelin/vilt-b32-finetuned-vqa"],
  "zero-shot-classification": ["facebook/bart-large-mnli"],
  "zero-shot-image-classification": ["openai/clip-vit-large-patch14"],
  "text-to-audio": ["facebook/musicgen-small"],
  "image-text-to-text": [],
};

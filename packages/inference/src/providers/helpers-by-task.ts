// One helper table per task (data). A task function imports only its table, so `chatCompletion` pulls in the
// chat helpers but not, say, the fal-ai queue code.
import { blackForestLabsTextToImage } from "./black-forest-labs.js";
import { cerebrasConversational } from "./cerebras.js";
import { cohereConversational } from "./cohere.js";
import { falAiAutomaticSpeechRecognition, falAiTextToImage, falAiTextToSpeech, falAiTextToVideo } from "./fal-ai.js";
import { fireworksAiConversational } from "./fireworks-ai.js";
import * as hf from "./hf-inference-tasks.js";
import { hyperbolicConversational, hyperbolicTextGeneration, hyperbolicTextToImage } from "./hyperbolic.js";
import { nebiusConversational, nebiusTextGeneration, nebiusTextToImage } from "./nebius.js";
import { novitaConversational, novitaTextGeneration } from "./novita.js";
import { openaiConversational } from "./openai.js";
import type { HelperTable } from "./registry.js";
import { replicateTextToImage, replicateTextToSpeech, replicateTextToVideo } from "./replicate.js";
import { sambanovaConversational } from "./sambanova.js";
import type { TextGenerationOutput } from "./text-generation-shapes.js";
import { togetherConversational, togetherTextGeneration, togetherTextToImage } from "./together.js";

export const CONVERSATIONAL_HELPERS: HelperTable<unknown> = {
  cerebras: cerebrasConversational,
  cohere: cohereConversational,
  "fireworks-ai": fireworksAiConversational,
  "hf-inference": hf.hfInferenceConversational,
  hyperbolic: hyperbolicConversational,
  nebius: nebiusConversational,
  novita: novitaConversational,
  openai: openaiConversational,
  sambanova: sambanovaConversational,
  together: togetherConversational,
};

export const TEXT_GENERATION_HELPERS: HelperTable<TextGenerationOutput> = {
  "hf-inference": hf.hfInferenceTextGeneration,
  hyperbolic: hyperbolicTextGeneration,
  nebius: nebiusTextGeneration,
  novita: novitaTextGeneration,
  together: togetherTextGeneration,
};

export const TEXT_TO_IMAGE_HELPERS: HelperTable<string | Blob> = {
  "black-forest-labs": blackForestLabsTextToImage,
  "fal-ai": falAiTextToImage,
  "hf-inference": hf.hfInferenceTextToImage,
  hyperbolic: hyperbolicTextToImage,
  nebius: nebiusTextToImage,
  replicate: replicateTextToImage,
  together: togetherTextToImage,
};

export const TEXT_TO_SPEECH_HELPERS: HelperTable<Blob> = {
  "fal-ai": falAiTextToSpeech,
  "hf-inference": hf.hfInferenceTextToSpeech,
  replicate: replicateTextToSpeech,
};

export const TEXT_TO_VIDEO_HELPERS: HelperTable<Blob> = {
  "fal-ai": falAiTextToVideo,
  replicate: replicateTextToVideo,
};

export const AUTOMATIC_SPEECH_RECOGNITION_HELPERS: HelperTable<unknown> = {
  "fal-ai": falAiAutomaticSpeechRecognition,
  "hf-inference": hf.hfInferenceAutomaticSpeechRecognition,
};

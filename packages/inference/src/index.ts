// Public entry point of @hubkit/inference (inference.md §2.1).
export { INFERENCE_PROVIDERS } from "./config.js";
export type { InferenceClientEndpointMethods, InferenceClientMethods } from "./InferenceClient.js";
export { HfInference, InferenceClient, InferenceClientEndpoint } from "./InferenceClient.js";
export type * from "./inference-types.js";
export { InferenceOutputError } from "./lib/errors.js";
export * as snippets from "./snippets/index.js";
export type { AudioClassificationArgs } from "./tasks/audio/audioClassification.js";
export type { AudioToAudioArgs, AudioToAudioOutput, AudioToAudioOutputElem } from "./tasks/audio/audioToAudio.js";
export type { AutomaticSpeechRecognitionArgs } from "./tasks/audio/automaticSpeechRecognition.js";
export type { TextToSpeechArgs } from "./tasks/audio/textToSpeech.js";
export type { ImageClassificationArgs } from "./tasks/cv/imageClassification.js";
export type { ImageSegmentationArgs } from "./tasks/cv/imageSegmentation.js";
export type { ImageToImageArgs } from "./tasks/cv/imageToImage.js";
export type { ImageToTextArgs } from "./tasks/cv/imageToText.js";
export type { ObjectDetectionArgs } from "./tasks/cv/objectDetection.js";
export type { TextToImageArgs, TextToImageOptions } from "./tasks/cv/textToImage.js";
export type { TextToVideoArgs, TextToVideoOutput } from "./tasks/cv/textToVideo.js";
export type { ZeroShotImageClassificationArgs } from "./tasks/cv/zeroShotImageClassification.js";
export * from "./tasks/index.js";
export type { DocumentQuestionAnsweringArgs } from "./tasks/multimodal/documentQuestionAnswering.js";
export type { VisualQuestionAnsweringArgs } from "./tasks/multimodal/visualQuestionAnswering.js";
export type { ChatCompletionArgs } from "./tasks/nlp/chatCompletion.js";
export type { FeatureExtractionArgs, FeatureExtractionOutput } from "./tasks/nlp/featureExtraction.js";
export type { FillMaskArgs } from "./tasks/nlp/fillMask.js";
export type { QuestionAnsweringArgs } from "./tasks/nlp/questionAnswering.js";
export type { SentenceSimilarityArgs } from "./tasks/nlp/sentenceSimilarity.js";
export type { SummarizationArgs } from "./tasks/nlp/summarization.js";
export type { TableQuestionAnsweringArgs } from "./tasks/nlp/tableQuestionAnswering.js";
export type { TextClassificationArgs } from "./tasks/nlp/textClassification.js";
export type { TextGenerationArgs } from "./tasks/nlp/textGeneration.js";
export type {
  TextGenerationStreamBestOfSequence,
  TextGenerationStreamDetails,
  TextGenerationStreamFinishReason,
  TextGenerationStreamOutput,
  TextGenerationStreamPrefillToken,
  TextGenerationStreamToken,
} from "./tasks/nlp/textGenerationStream.js";
export type { TokenClassificationArgs } from "./tasks/nlp/tokenClassification.js";
export type { TranslationArgs } from "./tasks/nlp/translation.js";
export type { ZeroShotClassificationArgs } from "./tasks/nlp/zeroShotClassification.js";
export type { TabularClassificationArgs, TabularClassificationOutput } from "./tasks/tabular/tabularClassification.js";
export type { TabularRegressionArgs, TabularRegressionOutput } from "./tasks/tabular/tabularRegression.js";
export type {
  AuthMethod,
  BaseArgs,
  BodyParams,
  HeaderParams,
  InferenceProvider,
  InferenceTask,
  ModelId,
  Options,
  RequestArgs,
  RequestOptions,
  UrlParams,
} from "./types.js";

// Vision tasks: classification, segmentation, detection, depth, image/video generation and conversion.
import type {
  BoundingBox,
  ClassificationOutputElement,
  ClassificationParameters,
  GenerationParameters,
} from "./common.js";

export type ImageClassificationParameters = ClassificationParameters;
export interface ImageClassificationInput {
  inputs: Blob;
  parameters?: ImageClassificationParameters;
  [property: string]: unknown;
}
export type ImageClassificationOutputElement = ClassificationOutputElement;
export type ImageClassificationOutput = ImageClassificationOutputElement[];

export type ImageSegmentationSubtask = "instance" | "panoptic" | "semantic";
export interface ImageSegmentationParameters {
  mask_threshold?: number;
  overlap_mask_area_threshold?: number;
  subtask?: ImageSegmentationSubtask;
  threshold?: number;
  [property: string]: unknown;
}
export interface ImageSegmentationInput {
  inputs: Blob;
  parameters?: ImageSegmentationParameters;
  [property: string]: unknown;
}
export interface ImageSegmentationOutputElement {
  label: string;
  /** The mask, as a base64-encoded image. */
  mask: string;
  score?: number;
  [property: string]: unknown;
}
export type ImageSegmentationOutput = ImageSegmentationOutputElement[];

export interface ObjectDetectionParameters {
  threshold?: number;
  [property: string]: unknown;
}
export interface ObjectDetectionInput {
  inputs: Blob;
  parameters?: ObjectDetectionParameters;
  [property: string]: unknown;
}
export type ObjectDetectionBoundingBox = BoundingBox;
export interface ObjectDetectionOutputElement {
  box: ObjectDetectionBoundingBox;
  label: string;
  score: number;
  [property: string]: unknown;
}
export type ObjectDetectionOutput = ObjectDetectionOutputElement[];

export interface DepthEstimationInput {
  inputs: unknown;
  parameters?: { [key: string]: unknown };
  [property: string]: unknown;
}
export interface DepthEstimationOutput {
  /** The predicted depth as an image. */
  depth?: unknown;
  /** The predicted depth as a tensor. */
  predicted_depth?: unknown;
  [property: string]: unknown;
}

export interface ImageToImageTargetSize {
  height: number;
  width: number;
  [property: string]: unknown;
}
export interface ImageToImageParameters {
  guidance_scale?: number;
  negative_prompt?: string;
  num_inference_steps?: number;
  prompt?: string;
  target_size?: ImageToImageTargetSize;
  [property: string]: unknown;
}
export interface ImageToImageInput {
  inputs: Blob;
  parameters?: ImageToImageParameters;
  [property: string]: unknown;
}
export interface ImageToImageOutput {
  image: unknown;
  [property: string]: unknown;
}

export interface ImageToTextParameters {
  generation_parameters?: GenerationParameters;
  max_new_tokens?: number;
  [property: string]: unknown;
}
export interface ImageToTextInput {
  inputs: unknown;
  parameters?: ImageToTextParameters;
  [property: string]: unknown;
}
export interface ImageToTextOutput {
  generated_text: string;
  [property: string]: unknown;
}

export interface TextToImageParameters {
  guidance_scale?: number;
  height?: number;
  negative_prompt?: string;
  num_inference_steps?: number;
  scheduler?: string;
  seed?: number;
  width?: number;
  [property: string]: unknown;
}
export interface TextToImageInput {
  inputs: string;
  parameters?: TextToImageParameters;
  [property: string]: unknown;
}
export interface TextToImageOutput {
  image: unknown;
  [property: string]: unknown;
}

export interface TextToVideoParameters {
  guidance_scale?: number;
  negative_prompt?: string[];
  num_frames?: number;
  num_inference_steps?: number;
  seed?: number;
  [property: string]: unknown;
}
export interface TextToVideoInput {
  inputs: string;
  parameters?: TextToVideoParameters;
  [property: string]: unknown;
}
export interface TextToVideoOutput {
  video: unknown;
  [property: string]: unknown;
}

export interface VideoClassificationParameters extends ClassificationParameters {
  frame_sampling_rate?: number;
  num_frames?: number;
}
export interface VideoClassificationInput {
  inputs: unknown;
  parameters?: VideoClassificationParameters;
  [property: string]: unknown;
}
export type VideoClassificationOutputElement = ClassificationOutputElement;
export type VideoClassificationOutput = VideoClassificationOutputElement[];

export interface ZeroShotImageClassificationParameters {
  candidate_labels: string[];
  hypothesis_template?: string;
  [property: string]: unknown;
}
export interface ZeroShotImageClassificationInput {
  inputs: Blob;
  parameters: ZeroShotImageClassificationParameters;
  [property: string]: unknown;
}
export type ZeroShotImageClassificationOutputElement = ClassificationOutputElement;
export type ZeroShotImageClassificationOutput = ZeroShotImageClassificationOutputElement[];

export interface ZeroShotObjectDetectionParameters {
  candidate_labels: string[];
  [property: string]: unknown;
}
export interface ZeroShotObjectDetectionInput {
  inputs: Blob;
  parameters: ZeroShotObjectDetectionParameters;
  [property: string]: unknown;
}
export type ZeroShotObjectDetectionBoundingBox = BoundingBox;
export interface ZeroShotObjectDetectionOutputElement {
  box: ZeroShotObjectDetectionBoundingBox;
  label: string;
  score: number;
  [property: string]: unknown;
}
export type ZeroShotObjectDetectionOutput = ZeroShotObjectDetectionOutputElement[];

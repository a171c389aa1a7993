// textToImage (text-to-image): 7 providers; a Blob, or a URL string with `outputType: "url"` (every provider, §12).
import type { TextToImageInput } from "../../inference-types.js";
import { TEXT_TO_IMAGE_HELPERS } from "../../providers/helpers-by-task.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TextToImageArgs = BaseArgs & TextToImageInput;

export interface TextToImageOptions extends Options {
  outputType?: "url" | "blob";
}

export function textToImage(
  args: TextToImageArgs,
  options: TextToImageOptions & { outputType: "url" },
): Promise<string>;
export function textToImage(
  args: TextToImageArgs,
  options?: TextToImageOptions & { outputType?: undefined | "blob" },
): Promise<Blob>;
export async function textToImage(args: TextToImageArgs, options?: TextToImageOptions): Promise<string | Blob> {
  const outputType = options?.outputType === "url" ? "url" : "blob";
  return runTask(args, options, { task: "text-to-image", table: TEXT_TO_IMAGE_HELPERS, outputType });
}

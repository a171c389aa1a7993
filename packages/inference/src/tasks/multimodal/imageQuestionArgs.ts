// Shared preparation of document/visual question answering: the image travels as base64 (§3.5).
import { base64FromBlob } from "../../lib/base64.js";
import type { AnyArgs } from "../../lib/makeRequestOptions.js";

export async function imageQuestionArgs(args: AnyArgs): Promise<AnyArgs> {
  const inputs = args.inputs as { question: string; image: Blob | ArrayBuffer };
  return { ...args, inputs: { question: inputs.question, image: await base64FromBlob(inputs.image) } };
}

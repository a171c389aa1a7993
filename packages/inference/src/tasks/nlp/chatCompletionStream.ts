// chatCompletionStream: chat with `stream: true`; yields each chunk of the server-sent events.
import type { ChatCompletionStreamOutput } from "../../inference-types.js";
import { CONVERSATIONAL_HELPERS } from "../../providers/helpers-by-task.js";
import type { Options } from "../../types.js";
import { runStreamingTask } from "../run.js";
import type { ChatCompletionArgs } from "./chatCompletion.js";

export async function* chatCompletionStream(
  args: ChatCompletionArgs,
  options?: Options,
): AsyncGenerator<ChatCompletionStreamOutput> {
  yield* runStreamingTask<ChatCompletionStreamOutput>(args, options, "conversational", CONVERSATIONAL_HELPERS);
}

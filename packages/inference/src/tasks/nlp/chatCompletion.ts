// chatCompletion (task "conversational"): OpenAI-style chat on 10 providers.
import type { ChatCompletionInput, ChatCompletionOutput } from "../../inference-types.js";
import { CONVERSATIONAL_HELPERS } from "../../providers/helpers-by-task.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type ChatCompletionArgs = BaseArgs & ChatCompletionInput;

export async function chatCompletion(args: ChatCompletionArgs, options?: Options): Promise<ChatCompletionOutput> {
  return runTask<ChatCompletionOutput>(args, options, { task: "conversational", table: CONVERSATIONAL_HELPERS });
}

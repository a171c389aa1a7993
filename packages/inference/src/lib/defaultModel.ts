// Default model of a task (§6): `GET {hub}/api/tasks`, cached for the process after the first success.
import type { InferenceTask } from "../types.js";
import { type CallContext, callFetch } from "./call.js";
import { getRequestError, InferenceClientInputError } from "./errors.js";

type TasksDefinitions = Record<string, { models?: { id?: string }[] } | undefined>;

const tasksCache = new Map<string, TasksDefinitions>();

/** Forgets the cached task definitions (tests). */
export function clearDefaultModelCache(): void {
  tasksCache.clear();
}

export async function getDefaultModel(task: InferenceTask, hubUrl: string, call: CallContext): Promise<string> {
  let definitions = tasksCache.get(hubUrl);
  if (!definitions) {
    const url = `${hubUrl}/api/tasks`;
    const response = await callFetch(call, url, { method: "GET" });
    const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
    if (!body || typeof body !== "object") {
      throw getRequestError("Failed to load tasks definitions from Hugging Face Hub.", url, response);
    }
    definitions = body as TasksDefinitions;
    tasksCache.set(hubUrl, definitions);
  }
  const model = definitions[task]?.models?.[0]?.id;
  if (!model) {
    throw new InferenceClientInputError(
      `No default model defined for task ${task}, please define the model explicitly.`,
    );
  }
  return model;
}

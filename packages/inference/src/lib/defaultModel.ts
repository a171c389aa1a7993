// Default model of a task (§6): `GET {hub}/api/tasks`, cached for the process after the first success.
import type { InferenceTask } from "../types.js";
import { discardBody, readJson } from "./body.js";
import type { CallContext } from "./call.js";
import { getRequestError, InferenceClientInputError } from "./errors.js";
import { callFetch } from "./fetched.js";

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
    const fetched = await callFetch(call, url, { method: "GET" });
    const { response } = fetched;
    let body: unknown;
    if (response.ok) {
      body = await readJson(fetched, call.options).catch((error: unknown) => {
        // Not JSON → the error below; aborts, timeouts, caps and network failures keep their own error.
        if (error instanceof SyntaxError) return undefined;
        throw error;
      });
    } else {
      await discardBody(fetched);
    }
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

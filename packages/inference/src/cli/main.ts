// `hubkit snippets …`: loads a model (hub or JSON file), generates its snippets for one provider, prints them.
import { readFile } from "node:fs/promises";
import type { InferenceSnippet, ModelDataMinimal } from "@hubkit/tasks";
import { getHubUrl } from "../config.js";
import { getInferenceSnippets } from "../snippets/index.js";
import { parseCommand, type SnippetsCommand, USAGE, UsageError } from "./args.js";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  fetch?: typeof fetch;
}

/** A model record as the CLI reads it: the fields snippets use plus the provider mapping. */
type LoadedModel = ModelDataMinimal & { inferenceProviderMapping?: unknown };

const HUB_FIELDS = ["pipeline_tag", "tags", "library_name", "config", "inferenceProviderMapping"];

async function loadModel(command: SnippetsCommand, io: CliIo): Promise<LoadedModel> {
  if (command.modelFile) {
    const data = JSON.parse(await readFile(command.modelFile, "utf8")) as unknown;
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      throw new Error(`${command.modelFile}: expected a JSON object`);
    }
    return { tags: [], inference: "", ...(data as object), id: command.modelId } as LoadedModel;
  }
  const hub = getHubUrl({ hubUrl: command.hub });
  const query = HUB_FIELDS.map((field) => `expand[]=${field}`).join("&");
  const headers: Record<string, string> = {};
  if (command.token.startsWith("hf_")) headers.Authorization = `Bearer ${command.token}`;
  const response = await (io.fetch ?? globalThis.fetch)(`${hub}/api/models/${command.modelId}?${query}`, { headers });
  if (!response.ok) throw new Error(`Could not read model ${command.modelId} from ${hub}: HTTP ${response.status}`);
  const data = (await response.json()) as Record<string, unknown>;
  return { tags: [], inference: "", ...data, id: command.modelId } as LoadedModel;
}

/** The provider's id for the model from the hub mapping (object or array form), if any. */
function mappedProviderId(model: LoadedModel, provider: string): string | undefined {
  const mapping = model.inferenceProviderMapping;
  const entry = Array.isArray(mapping)
    ? mapping.find((e) => (e as { provider?: unknown })?.provider === provider)
    : mapping && typeof mapping === "object"
      ? (mapping as Record<string, unknown>)[provider]
      : undefined;
  const id = (entry as { providerId?: unknown } | undefined)?.providerId;
  return typeof id === "string" ? id : undefined;
}

function format(snippets: InferenceSnippet[]): string {
  if (snippets.length === 1) return `${snippets[0].content}\n`;
  return snippets.map((s) => `# ==> ${s.language} · ${s.client} <==\n${s.content}\n`).join("\n");
}

/** Runs the CLI; returns the exit code (0 ok, 1 no snippet or failure, 2 usage error). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`hubkit: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout(USAGE);
    return 0;
  }
  let model: LoadedModel;
  try {
    model = await loadModel(command, io);
  } catch (error) {
    io.stderr(`hubkit: ${(error as Error).message}\n`);
    return 1;
  }
  const providerModelId = command.providerModelId ?? mappedProviderId(model, command.provider);
  const snippets = getInferenceSnippets(model, command.token, command.provider as never, providerModelId, {
    streaming: command.stream,
    directRequest: command.direct,
    billTo: command.billTo,
  }).filter((s) => (!command.lang || s.language === command.lang) && (!command.client || s.client === command.client));
  if (snippets.length === 0) {
    io.stderr(
      `hubkit: no snippet for ${command.modelId} (${model.pipeline_tag ?? "no pipeline tag"}) with provider ${command.provider}` +
        `${command.lang ? ` in ${command.lang}` : ""}${command.client ? ` for client ${command.client}` : ""}\n`,
    );
    return 1;
  }
  io.stdout(format(snippets));
  return 0;
}

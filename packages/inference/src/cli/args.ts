// Command-line arguments of `hubkit snippets` (parsed with node:util, validated with usage errors).
import { parseArgs } from "node:util";

export const USAGE = `Usage: hubkit snippets <model-id> --provider <provider> [options]

Prints the API-usage snippets of a model for one inference provider.

Options:
  --provider <p>       inference provider (required), e.g. hf-inference, together, fal-ai
  --lang <l>           only this language: python, js or sh
  --client <c>         only this client, e.g. huggingface_hub, requests, openai, fetch, huggingface.js, curl
  --stream             streaming variant of chat snippets
  --token <t>          token written into the snippets (default: read from HF_TOKEN / <PROVIDER>_API_KEY)
  --direct             without --token: call the provider directly with <PROVIDER>_API_KEY
  --bill-to <org>      bill requests to an organization (X-HF-Bill-To)
  --provider-model-id <id>  the provider's id for the model (default: from the hub mapping, else the model id)
  --hub <url>          hub to read the model from (default: HUBKIT_HUB_URL, HF_ENDPOINT or https://huggingface.co)
  --model-file <file>  read the model (id, pipeline_tag, tags, library_name, …) from a JSON file instead of the hub
  -h, --help           show this help
`;

export class UsageError extends Error {
  override name = "UsageError";
}

export interface SnippetsCommand {
  modelId: string;
  provider: string;
  lang?: "python" | "js" | "sh";
  client?: string;
  stream: boolean;
  token: string;
  direct: boolean;
  billTo?: string;
  providerModelId?: string;
  hub?: string;
  modelFile?: string;
}

export type Command = { kind: "help" } | ({ kind: "snippets" } & SnippetsCommand);

const LANGS = new Set(["python", "js", "sh"]);

export function parseCommand(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  const [command, modelId, ...rest] = positionals;
  if (command !== "snippets") throw new UsageError(command ? `Unknown command: ${command}` : "Missing command");
  if (!modelId) throw new UsageError("Missing <model-id>");
  if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest[0]}`);
  if (!values.provider) throw new UsageError("Missing --provider");
  if (values.lang !== undefined && !LANGS.has(values.lang)) {
    throw new UsageError(`--lang must be python, js or sh (got ${values.lang})`);
  }
  if (values.hub !== undefined && values["model-file"] !== undefined) {
    throw new UsageError("--hub and --model-file cannot be used together");
  }
  return {
    kind: "snippets",
    modelId,
    provider: values.provider,
    lang: values.lang as SnippetsCommand["lang"],
    client: values.client,
    stream: values.stream ?? false,
    token: values.token ?? "",
    direct: values.direct ?? false,
    billTo: values["bill-to"],
    providerModelId: values["provider-model-id"],
    hub: values.hub,
    modelFile: values["model-file"],
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      provider: { type: "string" },
      lang: { type: "string" },
      client: { type: "string" },
      stream: { type: "boolean" },
      token: { type: "string" },
      direct: { type: "boolean" },
      "bill-to": { type: "string" },
      "provider-model-id": { type: "string" },
      hub: { type: "string" },
      "model-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

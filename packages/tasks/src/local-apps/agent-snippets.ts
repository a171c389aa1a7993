// Coding agents run against a local OpenAI-compatible server: Pi, Hermes Agent and OpenClaw (catalogue-newest.md).
// Each gets three steps: start the server (MLX LM for MLX repos, llama.cpp for GGUF), configure the agent, run it.
import type { ModelData } from "../model-data.js";
import { shDoubleQuoted, shWord } from "../snippets/quote.js";
import { assertModel, isMlxModel } from "./predicates.js";
import { quantTag } from "./quant-tag.js";
import type { LocalAppSnippet } from "./types.js";

interface LocalServer {
  step: LocalAppSnippet;
  /** Provider name the agents know the server by. */
  provider: "mlx-lm" | "llama-cpp";
  /** The model name the server answers to (GGUF: with the quant tag). */
  modelId: string;
  /** The same, as a shell word. */
  modelWord: string;
}

function localServer(model: ModelData, filepath?: string): LocalServer {
  if (isMlxModel(model)) {
    return {
      step: {
        title: "Start the MLX server",
        setup: "# Install MLX LM:\nuv tool install mlx-lm",
        content: `# Start a local OpenAI-compatible server:\nmlx_lm.server --model ${shDoubleQuoted(model.id)}`,
      },
      provider: "mlx-lm",
      modelId: model.id,
      modelWord: shWord(model.id),
    };
  }
  const tag = quantTag(filepath);
  return {
    step: {
      title: "Start the llama.cpp server",
      setup: "# Install llama.cpp:\nbrew install llama.cpp",
      content: `# Start a local OpenAI-compatible server:\nllama serve -hf ${shWord(model.id)}${tag}`,
    },
    provider: "llama-cpp",
    modelId: `${model.id}${tag}`,
    modelWord: `${shWord(model.id)}${tag}`,
  };
}

export function snippetPi(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "pi snippet");
  const server = localServer(model, filepath);
  // A JSON file, not a command: the id is JSON-encoded by JSON.stringify.
  const config = {
    providers: {
      [server.provider]: {
        baseUrl: "http://localhost:8080/v1",
        api: "openai-completions",
        apiKey: "none",
        models: [{ id: server.modelId }],
      },
    },
  };
  return [
    server.step,
    {
      title: "Configure the model in Pi",
      setup: "# Install Pi:\nnpm install -g @earendil-works/pi-coding-agent",
      content: `# Add to ~/.pi/agent/models.json:\n${JSON.stringify(config, null, 2)}`,
    },
    { title: "Run Pi", content: "# Start Pi in your project directory:\npi" },
  ];
}

export function snippetHermesAgent(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "hermes-agent snippet");
  const server = localServer(model, filepath);
  return [
    server.step,
    {
      title: "Configure Hermes",
      setup: "# Install Hermes:\ncurl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash\nhermes setup",
      content: [
        "# Point Hermes at the local server:",
        "hermes config set model.provider custom",
        "hermes config set model.base_url http://127.0.0.1:8080/v1",
        `hermes config set model.default ${server.modelWord}`,
      ].join("\n"),
    },
    { title: "Run Hermes", content: "hermes" },
  ];
}

export function snippetOpenClaw(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "openclaw snippet");
  const server = localServer(model, filepath);
  const options = [
    "--non-interactive",
    "--mode local",
    "--auth-choice custom-api-key",
    "--custom-base-url http://127.0.0.1:8080/v1",
    `--custom-model-id ${shDoubleQuoted(server.modelId)}`,
    `--custom-provider-id ${server.provider}`,
    "--custom-compatibility openai",
    "--custom-text-input",
    "--accept-risk",
    "--skip-health",
  ];
  return [
    server.step,
    {
      title: "Configure OpenClaw",
      setup: "# Install OpenClaw:\nnpm install -g openclaw@latest",
      content: [
        "# Register the local server and set it as the default model:",
        `openclaw onboard ${options.map((option) => `\\\n  ${option}`).join(" ")}`,
      ].join("\n"),
    },
    { title: "Run OpenClaw", content: 'openclaw agent --local --agent main --message "Hello from Hugging Face"' },
  ];
}

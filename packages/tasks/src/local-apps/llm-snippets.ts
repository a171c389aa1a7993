// Shell snippets for the GGUF runners: llama.cpp, node-llama-cpp, Ollama, LocalAI and Docker Model Runner
// (catalogue.md §9, with the newest catalogue's snippets). Model ids and file paths are untrusted: they enter
// commands only as shell-quoted words; the quant tag is `:<label>` or the `{{QUANT_TAG}}` placeholder.
import type { ModelData } from "../model-data.js";
import { shWord } from "../snippets/quote.js";
import { assertModel, isLlamaCppGgufModel } from "./predicates.js";
import { quantTag } from "./quant-tag.js";
import type { LocalAppSnippet } from "./types.js";

/** `docker model run hf.co/<id>`, with the quant tag for GGUF models (a safetensors repo has a single variant). */
export function snippetDockerModelRunner(model: ModelData, filepath?: string): string {
  assertModel(model, "docker-model-runner snippet");
  const tag = isLlamaCppGgufModel(model) ? quantTag(filepath) : "";
  return `docker model run ${shWord(`hf.co/${model.id}`)}${tag}`;
}

export function snippetLlamaCpp(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "llama.cpp snippet");
  const target = `${shWord(model.id)}${quantTag(filepath)}`;
  // Every install gives both binaries: a server with a web UI, and a terminal chat.
  const commands = (server: string, cli: string): string[] => [
    `# Start a local OpenAI-compatible server with a web UI:\n${server} -hf ${target}`,
    `# Run inference directly in the terminal:\n${cli} -hf ${target}`,
  ];
  return [
    {
      title: "Install (macOS, Linux)",
      setup: "curl -LsSf https://llama.app/install.sh | sh",
      content: commands("llama serve", "llama cli"),
    },
    {
      title: "Install from WinGet (Windows)",
      setup: "winget install llama.cpp",
      content: commands("llama serve", "llama cli"),
    },
    {
      title: "Use pre-built binary",
      setup: ["# Download pre-built binary from:", "# https://github.com/ggerganov/llama.cpp/releases"].join("\n"),
      content: commands("./llama-server", "./llama-cli"),
    },
    {
      title: "Build from source code",
      setup: [
        "git clone https://github.com/ggerganov/llama.cpp.git",
        "cd llama.cpp",
        "cmake -B build",
        "cmake --build build -j --target llama-server llama-cli",
      ].join("\n"),
      content: commands("./build/bin/llama-server", "./build/bin/llama-cli"),
    },
    { title: "Use Docker", content: snippetDockerModelRunner(model, filepath) },
  ];
}

export function snippetNodeLlamaCpp(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "node-llama-cpp snippet");
  const target = `${shWord(`hf:${model.id}`)}${quantTag(filepath)}`;
  return [
    { title: "Chat with the model", content: `npx -y node-llama-cpp chat ${target}` },
    {
      title: "Estimate the model compatibility with your hardware",
      content: `npx -y node-llama-cpp inspect estimate ${target}`,
    },
  ];
}

export function snippetOllama(model: ModelData, filepath?: string): string {
  assertModel(model, "ollama snippet");
  return `ollama run ${shWord(`hf.co/${model.id}`)}${quantTag(filepath)}`;
}

export function snippetLocalAI(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "localai snippet");
  const file = filepath ? shWord(filepath) : "{{GGUF_FILE}}";
  const command = (binary: string): string =>
    ["# Load and run the model:", `${binary} ${shWord(`huggingface://${model.id}/`)}${file}`].join("\n");
  return [
    {
      title: "Install from binary",
      setup: "curl https://localai.io/install.sh | sh",
      content: command("local-ai run"),
    },
    {
      title: "Use Docker images",
      setup: ["# Pull the image:", "docker pull localai/localai:latest-cpu"].join("\n"),
      content: command(
        'docker run -p 8080:8080 --name localai -v "$PWD/models:/build/models" localai/localai:latest-cpu',
      ),
    },
  ];
}

// Shell snippets for the GGUF runners: llama.cpp, node-llama-cpp, Ollama and LocalAI (catalogue.md §9).
// Model ids and file paths are untrusted: they enter commands only as shell-quoted words.
import { parseGGUFQuantLabel } from "../gguf.js";
import type { ModelData } from "../model-data.js";
import { shWord } from "../snippets/quote.js";
import { assertModel } from "./predicates.js";
import type { LocalAppSnippet } from "./types.js";

/** `:<QUANT>` for a file whose name carries a quant label, else "". */
const quantTag = (filepath: string): string => {
  const label = parseGGUFQuantLabel(filepath);
  return label ? `:${label}` : "";
};

export function snippetLlamaCpp(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "llama.cpp snippet");
  // llama.cpp picks a default quant itself, so no placeholder: the tag only when a file was chosen.
  const tag = filepath ? quantTag(filepath) : "";
  const command = (binary: string): string => {
    const lines = ["# Load and run the model:", `${binary} -hf ${shWord(model.id + tag)}`];
    if (!model.tags.includes("conversational")) {
      // A base model needs a prompt to continue; chat models start an interactive conversation.
      lines[lines.length - 1] += " \\";
      lines.push('  -p "Once upon a time,"');
    }
    return lines.join("\n");
  };
  return [
    { title: "Install from brew", setup: "brew install llama.cpp", content: command("llama-cli") },
    {
      title: "Use pre-built binary",
      setup: ["# Download pre-built binary from:", "# https://github.com/ggerganov/llama.cpp/releases"].join("\n"),
      content: command("./llama-cli"),
    },
    {
      title: "Build from source code",
      setup: [
        "git clone https://github.com/ggerganov/llama.cpp.git",
        "cd llama.cpp",
        "cmake -B build",
        "cmake --build build -j --target llama-cli",
      ].join("\n"),
      content: command("./build/bin/llama-cli"),
    },
  ];
}

export function snippetNodeLlamaCpp(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "node-llama-cpp snippet");
  // Unlike Ollama, keep the placeholder when the chosen file has no quant label: the site fills it in.
  const tag = (filepath && quantTag(filepath)) || "{{OLLAMA_TAG}}";
  const target = `${shWord(`hf:${model.id}`)}${tag}`;
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
  const tag = filepath ? quantTag(filepath) : "{{OLLAMA_TAG}}";
  return `ollama run ${shWord(`hf.co/${model.id}`)}${tag}`;
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

// Snippets of MLX LM, Unsloth Studio and Lemonade (catalogue-newest.md). Ids reach shell commands as quoted words
// and comments only with their line breaks removed, so an id can never start a command of its own.
import type { ModelData } from "../model-data.js";
import { commentText, pyStr, shDoubleQuoted, shWord } from "../snippets/quote.js";
import { assertModel, isConversationalModel, isLlamaCppGgufModel } from "./predicates.js";
import { quantTag } from "./quant-tag.js";
import { curlPost } from "./server-snippets.js";
import type { LocalAppSnippet } from "./types.js";

const MLX_LM_SETUP = "# Install MLX LM\nuv tool install mlx-lm";

export function snippetMlxLm(model: ModelData): LocalAppSnippet[] {
  assertModel(model, "mlx-lm snippet");
  const id = shDoubleQuoted(model.id);
  if (!isConversationalModel(model)) {
    return [
      {
        title: "Generate or start a chat session",
        setup: MLX_LM_SETUP,
        content: `# Generate some text\nmlx_lm.generate --model ${id} --prompt "Once upon a time"`,
      },
    ];
  }
  const body = [
    "{",
    `\t\t"model": ${JSON.stringify(model.id)},`,
    '\t\t"messages": [{"role": "user", "content": "Hello"}]',
    "\t}",
  ].join("\n");
  return [
    {
      title: "Generate or start a chat session",
      setup: MLX_LM_SETUP,
      content: `# Interactive chat REPL\nmlx_lm.chat --model ${id}`,
    },
    {
      title: "Run an OpenAI-compatible server",
      setup: MLX_LM_SETUP,
      content: [
        `# Start the server\nmlx_lm.server --model ${id}`,
        curlPost("http://localhost:8000/v1/chat/completions", body, "# Calling the OpenAI-compatible server with curl"),
      ],
    },
  ];
}

export function snippetUnsloth(model: ModelData): LocalAppSnippet[] {
  assertModel(model, "unsloth snippet");
  const search = `# Search for ${commentText(model.id)} to start chatting`;
  const studio = [
    "# Run unsloth studio",
    "unsloth studio -H 0.0.0.0 -p 8888",
    "# Then open http://localhost:8888 in your browser",
    search,
  ].join("\n");
  const snippets: LocalAppSnippet[] = [
    {
      title: "Install Unsloth Studio (macOS, Linux, WSL)",
      setup: "curl -fsSL https://unsloth.ai/install.sh | sh",
      content: studio,
    },
    { title: "Install Unsloth Studio (Windows)", setup: "irm https://unsloth.ai/install.ps1 | iex", content: studio },
    {
      title: "Using HuggingFace Spaces for Unsloth",
      setup: "# No setup required",
      content: ["# Open https://huggingface.co/spaces/unsloth/studio in your browser", search].join("\n"),
    },
  ];
  // GGUF files run in the studio only; full checkpoints can also be loaded for fine-tuning (Python).
  if (!isLlamaCppGgufModel(model)) {
    snippets.push({
      title: "Load model with FastModel",
      setup: "pip install unsloth",
      content: [
        "from unsloth import FastModel",
        "",
        "model, tokenizer = FastModel.from_pretrained(",
        `    model_name=${pyStr(model.id)},`,
        "    max_seq_length=2048,",
        ")",
      ].join("\n"),
    });
  }
  return snippets;
}

export function snippetLemonade(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "lemonade snippet");
  const name = model.id.slice(model.id.indexOf("/") + 1);
  const ryzenAI = model.tags.includes("ryzenai-npu") || model.tags.includes("ryzenai-hybrid");
  // Lemonade registers a pulled GGUF variant as `user.<name>-<QUANT>`.
  const tag = ryzenAI ? "" : quantTag(filepath);
  const pullArg = `${shWord(model.id)}${tag}`;
  const runName = `${shWord(`user.${name}`)}${tag.replace(":", "-")}`;
  return [
    {
      title: "Pull the model",
      setup: "# Download Lemonade from https://lemonade-server.ai/",
      content: `lemonade pull ${pullArg}`,
    },
    {
      title: `Run and chat with the model${ryzenAI ? " (requires XDNA 2 NPU)" : ""}`,
      content: `lemonade run ${runName}`,
    },
    { title: "List all available models", content: "lemonade list" },
  ];
}

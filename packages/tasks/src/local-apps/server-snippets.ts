// Shell snippets for the inference servers: vLLM, SGLang and TGI (catalogue.md §9; vLLM and SGLang as in the newest
// catalogue). The model id goes into commands as a quoted shell word and into JSON bodies JSON-encoded, inside a
// single-quoted `--data '…'` word.
import type { ChatCompletionInputMessage } from "../inference-types/chat-completion.js";
import type { ModelData } from "../model-data.js";
import { stringifyMessages } from "../snippets/common.js";
import { getModelInputSnippet } from "../snippets/inputs.js";
import { shDoubleQuoted, shInSingleQuotes, shWord } from "../snippets/quote.js";
import { snippetDockerModelRunner } from "./llm-snippets.js";
import { assertModel } from "./predicates.js";
import type { LocalAppSnippet } from "./types.js";

/** A curl POST of a JSON body (given as text) to a local server. */
export function curlPost(url: string, body: string, comment = "# Call the server using curl:"): string {
  return [
    comment,
    `curl -X POST "${url}" \\`,
    `\t-H "Content-Type: application/json" \\`,
    `\t--data '${shInSingleQuotes(body)}'`,
  ].join("\n");
}

const OPENAI_COMMENT = "# Call the server using curl (OpenAI-compatible API):";

function chatMessages(model: ModelData): ChatCompletionInputMessage[] {
  const example = getModelInputSnippet(model);
  return Array.isArray(example) ? example : [{ role: "user", content: "What is the capital of France?" }];
}

/** The request that tries a served model: chat for conversational models, plain completion otherwise. */
function openAIRequest(model: ModelData, origin: string): string {
  const modelLine = `\t\t"model": ${JSON.stringify(model.id)},`;
  if (model.tags.includes("conversational")) {
    const messages = stringifyMessages(chatMessages(model), { indent: "\t\t", attributeKeyQuotes: true });
    return curlPost(
      `${origin}/v1/chat/completions`,
      ["{", modelLine, `\t\t"messages": ${messages}`, "\t}"].join("\n"),
      OPENAI_COMMENT,
    );
  }
  return curlPost(
    `${origin}/v1/completions`,
    [
      "{",
      modelLine,
      '\t\t"prompt": "Once upon a time,",',
      '\t\t"max_tokens": 512,',
      '\t\t"temperature": 0.5',
      "\t}",
    ].join("\n"),
    OPENAI_COMMENT,
  );
}

/** Models tagged `mistral-common` are served with Mistral's own tokenizer, config and weights formats. */
const MISTRAL_FLAGS =
  " --tokenizer_mode mistral --config_format mistral --load_format mistral --tool-call-parser mistral --enable-auto-tool-choice";

export function snippetVllm(model: ModelData, filepath?: string): LocalAppSnippet[] {
  assertModel(model, "vllm snippet");
  const mistral = model.tags.includes("mistral-common");
  const setup = ["# Install vLLM from pip:", "pip install vllm"];
  if (mistral) setup.push("# Install mistral-common:", "pip install --upgrade mistral-common");
  return [
    {
      title: "Install from pip and serve model",
      setup: setup.join("\n"),
      content: [
        `# Start the vLLM server:\nvllm serve ${shDoubleQuoted(model.id)}${mistral ? MISTRAL_FLAGS : ""}`,
        openAIRequest(model, "http://localhost:8000"),
      ],
    },
    { title: "Use Docker", content: snippetDockerModelRunner(model, filepath) },
  ];
}

/** `python3 -m sglang.launch_server …`, one option per continuation line. */
function sglangLaunch(model: ModelData, indent: string): string[] {
  return [
    "python3 -m sglang.launch_server \\",
    `${indent}--model-path ${shDoubleQuoted(model.id)} \\`,
    `${indent}--host 0.0.0.0 \\`,
    `${indent}--port 30000`,
  ];
}

export function snippetSglang(model: ModelData): LocalAppSnippet[] {
  assertModel(model, "sglang snippet");
  const request = openAIRequest(model, "http://localhost:30000");
  return [
    {
      title: "Install from pip and serve model",
      setup: ["# Install SGLang from pip:", "pip install sglang"].join("\n"),
      content: [["# Start the SGLang server:", ...sglangLaunch(model, "    ")].join("\n"), request],
    },
    {
      title: "Use Docker images",
      setup: [
        "docker run --gpus all \\",
        "    --shm-size 32g \\",
        "    -p 30000:30000 \\",
        "    -v ~/.cache/huggingface:/root/.cache/huggingface \\",
        '    --env "HF_TOKEN=<secret>" \\',
        "    --ipc=host \\",
        "    lmsysorg/sglang:latest \\",
        ...sglangLaunch(model, "        ").map((line) => `    ${line}`),
      ].join("\n"),
      content: [request],
    },
  ];
}

export function snippetTgi(model: ModelData): LocalAppSnippet[] {
  assertModel(model, "tgi snippet");
  const body = [
    "{",
    `\t\t"model": ${JSON.stringify(model.id)},`,
    '\t\t"messages": [',
    '\t\t\t{"role": "user", "content": "What is the capital of France?"}',
    "\t\t]",
    "\t}",
  ].join("\n");
  return [
    {
      title: "Use Docker images",
      setup: [
        "# Deploy with docker on Linux:",
        "docker run --gpus all \\",
        "\t-v ~/.cache/huggingface:/root/.cache/huggingface \\",
        '\t-e HF_TOKEN="<secret>" \\',
        "\t-p 8000:80 \\",
        "\tghcr.io/huggingface/text-generation-inference:latest \\",
        `\t--model-id ${shWord(model.id)}`,
      ].join("\n"),
      content: [curlPost("http://localhost:8000/v1/chat/completions", body)],
    },
  ];
}

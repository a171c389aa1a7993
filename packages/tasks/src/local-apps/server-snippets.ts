// Shell snippets for the inference servers: vLLM and TGI (catalogue.md §9). The model id goes into commands as a
// quoted shell word and into JSON bodies JSON-encoded, inside a single-quoted `--data '…'` word.
import type { ChatCompletionInputMessage } from "../inference-types/chat-completion.js";
import type { ModelData } from "../model-data.js";
import { stringifyMessages } from "../snippets/common.js";
import { getModelInputSnippet } from "../snippets/inputs.js";
import { shDoubleQuoted, shInSingleQuotes, shWord } from "../snippets/quote.js";
import { assertModel } from "./predicates.js";
import type { LocalAppSnippet } from "./types.js";

/** A curl POST of a JSON body (given as text) to a local server. */
function curlPost(url: string, body: string): string {
  return [
    "# Call the server using curl:",
    `curl -X POST "${url}" \\`,
    `\t-H "Content-Type: application/json" \\`,
    `\t--data '${shInSingleQuotes(body)}'`,
  ].join("\n");
}

function chatMessages(model: ModelData): ChatCompletionInputMessage[] {
  const example = getModelInputSnippet(model);
  return Array.isArray(example) ? example : [{ role: "user", content: "What is the capital of France?" }];
}

/** The request that tries the served model: chat for conversational models, plain completion otherwise. */
function vllmRequest(model: ModelData): string {
  const modelLine = `\t\t"model": ${JSON.stringify(model.id)},`;
  if (model.tags.includes("conversational")) {
    const messages = stringifyMessages(chatMessages(model), { indent: "\t\t", attributeKeyQuotes: true });
    return curlPost(
      "http://localhost:8000/v1/chat/completions",
      ["{", modelLine, `\t\t"messages": ${messages}`, "\t}"].join("\n"),
    );
  }
  return curlPost(
    "http://localhost:8000/v1/completions",
    [
      "{",
      modelLine,
      '\t\t"prompt": "Once upon a time,",',
      '\t\t"max_tokens": 512,',
      '\t\t"temperature": 0.5',
      "\t}",
    ].join("\n"),
  );
}

export function snippetVllm(model: ModelData): LocalAppSnippet[] {
  assertModel(model, "vllm snippet");
  const request = vllmRequest(model);
  return [
    {
      title: "Install from pip",
      setup: ["# Install vLLM from pip:", "pip install vllm"].join("\n"),
      content: [`# Load and run the model:\nvllm serve ${shDoubleQuoted(model.id)}`, request],
    },
    {
      title: "Use Docker images",
      setup: [
        "# Deploy with docker on Linux:",
        "docker run --runtime nvidia --gpus all \\",
        "\t--name my_vllm_container \\",
        "\t-v ~/.cache/huggingface:/root/.cache/huggingface \\",
        '\t--env "HUGGING_FACE_HUB_TOKEN=<secret>" \\',
        "\t-p 8000:8000 \\",
        "\t--ipc=host \\",
        "\tvllm/vllm-openai:latest \\",
        `\t--model ${shWord(model.id)}`,
      ].join("\n"),
      content: [
        // `bash -c` parses its argument again, so the id is quoted for that inner shell, then the whole command
        // for the outer one.
        `# Load and run the model:\ndocker exec -it my_vllm_container bash -c ${shDoubleQuoted(`vllm serve ${shWord(model.id)}`)}`,
        request,
      ],
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

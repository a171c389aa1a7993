import { describe, expect, it } from "vitest";
import { LOCAL_APPS, type LocalApp, type LocalAppSnippet } from "../../src/local-apps/index.js";
import type { ModelData } from "../../src/model-data.js";
import { FACTS, type LocalAppFact } from "../helpers/catalogue-facts.js";
import { NEWEST } from "../helpers/newest-facts.js";

const gguf = (extra: Partial<ModelData> = {}): ModelData => ({
  id: "bartowski/Llama-3.2-1B-Instruct-GGUF",
  tags: ["gguf", "conversational"],
  pipeline_tag: "text-generation",
  gguf: { total: 1_235_814_432, architecture: "llama", context_length: 131072 },
  ...extra,
});
const mlx: ModelData = { id: "mlx-community/Qwen2.5-7B-Instruct-4bit", tags: ["mlx", "safetensors"] };
const diffusers = (extra: Partial<ModelData> = {}): ModelData => ({
  id: "stabilityai/stable-diffusion-xl-base-1.0",
  tags: ["diffusers", "safetensors"],
  library_name: "diffusers",
  pipeline_tag: "text-to-image",
  ...extra,
});
const quantised = (method: string, pipeline_tag: ModelData["pipeline_tag"] = "text-generation"): ModelData => ({
  id: "TheBloke/Mistral-7B-Instruct-v0.2-AWQ",
  tags: ["safetensors", "mistral"],
  pipeline_tag,
  config: { quantization_config: { quant_method: method, bits: 4 } },
});
const tgi: ModelData = {
  id: "meta-llama/Llama-3.1-8B-Instruct",
  tags: ["transformers", "safetensors", "text-generation-inference", "conversational"],
  pipeline_tag: "text-generation",
};

const shown = (model: ModelData): string[] =>
  Object.entries(LOCAL_APPS)
    .filter(([, app]) => (app as LocalApp).displayOnModelPage(model))
    .map(([key]) => key);

/**
 * 0.18's apps plus the newest additions (each after the key the facts name). `invoke`, removed upstream, is kept
 * (our API mirrors 0.18); no other app was removed.
 */
function expectedApps(): LocalAppFact[] {
  const list = [...FACTS.localApps];
  for (const added of NEWEST.local_apps_added) {
    const at = list.findIndex((app) => app.key === added.after);
    if (at < 0) throw new Error(`local_apps_added: ${added.key} follows unknown ${added.after}`);
    const { key, prettyLabel, docsUrl, mainTask, macOSOnly, comingSoon, kind } = added;
    list.splice(at + 1, 0, { key, prettyLabel, docsUrl, mainTask, macOSOnly, comingSoon, kind });
  }
  return list;
}

describe("LOCAL_APPS catalogue", () => {
  it("has the 17 apps of catalogue-facts.json and the 9 of catalogue-newest.json, in order, with their metadata", () => {
    const table = Object.entries(LOCAL_APPS).map(([key, app]: [string, LocalApp]) => ({
      key,
      prettyLabel: app.prettyLabel,
      docsUrl: app.docsUrl,
      mainTask: app.mainTask,
      macOSOnly: app.macOSOnly === true,
      comingSoon: app.comingSoon === true,
      kind: "deeplink" in app ? "deeplink" : "snippet",
    }));
    expect(table).toEqual(expectedApps());
    expect(table).toHaveLength(26);
    // the newest order, with 0.18's invoke where it was (after joyfusion)
    expect(NEWEST.local_apps_removed.map((app) => app.key)).toEqual(["invoke"]);
    const order = [...NEWEST.local_app_order_newest];
    order.splice(order.indexOf("joyfusion") + 1, 0, "invoke");
    expect(Object.keys(LOCAL_APPS)).toEqual(order);
  });

  it("sets no extra links (no app of the newest catalogue has any)", () => {
    for (const app of Object.values(LOCAL_APPS) as LocalApp[]) expect(app.links).toBeUndefined();
  });
});

describe("displayOnModelPage", () => {
  it("GGUF models get the GGUF runners (and vLLM when they are text generation)", () => {
    expect(shown(gguf())).toEqual([
      "llama.cpp",
      "node-llama-cpp",
      "vllm",
      "lmstudio",
      "localai",
      "jan",
      "atomic-chat",
      "backyard",
      "sanctum",
      "jellybox",
      "msty",
      "recursechat",
      "ollama",
      "unsloth",
      "docker-model-runner",
      "lemonade",
    ]);
    // a .gguf repo whose header could not be read (no context length) is not runnable
    expect(shown(gguf({ gguf: { total: 1 } }))).toEqual([]);
    expect(shown(gguf({ pipeline_tag: "feature-extraction" }))).not.toContain("vllm");
  });

  it("MLX models get LM Studio and Atomic Chat; MLX text generation also MLX LM", () => {
    expect(shown(mlx)).toEqual(["lmstudio", "atomic-chat"]);
    expect(shown({ ...mlx, pipeline_tag: "text-generation" })).toEqual(["mlx-lm", "lmstudio", "atomic-chat"]);
  });

  it("coding agents need a GGUF or MLX chat model whose chat template handles tools", () => {
    const agents = ["pi", "hermes-agent", "openclaw"];
    const tools = "{%- if tools %}{{ tools | tojson }}{%- endif %}";
    const agentsOf = (model: ModelData) => shown(model).filter((key) => agents.includes(key));
    expect(agentsOf(gguf({ gguf: { total: 1, context_length: 4096, chat_template: tools } }))).toEqual(agents);
    expect(agentsOf(gguf({ gguf: { total: 1, context_length: 4096, chat_template: "{{ messages }}" } }))).toEqual([]);
    expect(agentsOf(gguf({ tags: ["gguf"], gguf: { total: 1, context_length: 4096, chat_template: tools } }))).toEqual(
      [],
    );
    const mlxChat = { ...mlx, tags: ["mlx", "conversational"] };
    expect(agentsOf({ ...mlxChat, config: { chat_template_jinja: tools } })).toEqual(agents);
    expect(agentsOf({ ...mlxChat, config: { tokenizer_config: { chat_template: tools } } })).toEqual(agents);
    const named = [{ name: "default", template: tools }];
    expect(agentsOf({ ...mlxChat, config: { tokenizer_config: { chat_template: named } } })).toEqual(agents);
    // the GGUF header's template comes first, and wrongly typed templates count as none
    expect(
      agentsOf({ ...mlxChat, gguf: { total: 1, chat_template: "plain" }, config: { chat_template_jinja: tools } }),
    ).toEqual([]);
    expect(agentsOf({ ...mlxChat, config: { chat_template_jinja: { tools: true } } })).toEqual([]);
    expect(agentsOf({ ...mlxChat, config: { tokenizer_config: { chat_template: [null] as never } } })).toEqual([]);
    // a transformers checkpoint is not local enough, whatever its template
    expect(agentsOf({ ...tgi, config: { chat_template_jinja: tools } })).toEqual([]);
  });

  it("Unsloth Studio and Lemonade: their tags, or any GGUF model", () => {
    expect(shown({ id: "unsloth/Qwen3-8B", tags: ["unsloth", "safetensors"] })).toEqual(["unsloth"]);
    expect(shown({ id: "amd/m", tags: ["ryzenai-npu"] })).toEqual(["lemonade"]);
    expect(shown({ id: "amd/m", tags: ["ryzenai-hybrid"] })).toEqual(["lemonade"]);
  });

  it("diffusers text-to-image models and LoRAs get the image apps", () => {
    expect(shown(diffusers())).toEqual(["jellybox", "drawthings", "diffusionbee", "invoke"]);
    const lora = diffusers({ pipeline_tag: undefined, tags: ["diffusers", "safetensors", "lora"] });
    expect(shown(lora)).toEqual(["jellybox", "drawthings"]);
    expect(shown(diffusers({ tags: ["diffusers"] }))).toEqual(["drawthings", "diffusionbee", "invoke"]);
    expect(shown(diffusers({ pipeline_tag: "image-to-image" }))).toEqual([]);
    const joy = diffusers({ library_name: undefined, tags: ["coreml", "joyfusion"] });
    expect(shown(joy)).toEqual(["joyfusion"]);
  });

  it("AWQ / GPTQ / AQLM / Marlin text or vision-language models get vLLM, SGLang and Docker Model Runner", () => {
    for (const method of ["awq", "gptq", "aqlm", "marlin"]) {
      expect(shown(quantised(method))).toEqual(["vllm", "sglang", "docker-model-runner"]);
      expect(shown(quantised(method, "image-text-to-text"))).toEqual(["vllm", "sglang", "docker-model-runner"]);
      expect(shown(quantised(method, "text-to-image"))).toEqual([]);
    }
    expect(shown(quantised("bitsandbytes"))).toEqual([]);
  });

  it("TGI-tagged transformers models get TGI, vLLM, SGLang and Docker Model Runner", () => {
    expect(shown(tgi)).toEqual(["vllm", "sglang", "tgi", "docker-model-runner"]);
    expect(shown({ ...tgi, tags: ["text-generation-inference"], pipeline_tag: undefined })).toEqual(["tgi"]);
  });
});

const snippetOf = (key: keyof typeof LOCAL_APPS, model: ModelData, filepath?: string) => {
  const app = LOCAL_APPS[key] as LocalApp;
  if (!("snippet" in app)) throw new Error(`${key} has no snippet`);
  return app.snippet(model, filepath);
};
const deeplinkOf = (key: keyof typeof LOCAL_APPS, model: ModelData, filepath?: string) => {
  const app = LOCAL_APPS[key] as LocalApp;
  if (!("deeplink" in app)) throw new Error(`${key} has no deeplink`);
  return app.deeplink(model, filepath).href;
};

describe("snippets", () => {
  const id = "bartowski/Llama-3.2-1B-Instruct-GGUF";

  it("llama.cpp: five install variants, each a server and a terminal command with the quant tag", () => {
    const variants = snippetOf("llama.cpp", gguf()) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual([
      "Install (macOS, Linux)",
      "Install from WinGet (Windows)",
      "Use pre-built binary",
      "Build from source code",
      "Use Docker",
    ]);
    const pair = (server: string, cli: string, tag: string) => [
      `# Start a local OpenAI-compatible server with a web UI:\n${server} -hf ${id}${tag}`,
      `# Run inference directly in the terminal:\n${cli} -hf ${id}${tag}`,
    ];
    expect(variants[0].setup).toBe("curl -LsSf https://llama.app/install.sh | sh");
    expect(variants[0].content).toEqual(pair("llama serve", "llama cli", ":{{QUANT_TAG}}"));
    expect(variants[1].setup).toBe("winget install llama.cpp");
    expect(variants[1].content).toEqual(pair("llama serve", "llama cli", ":{{QUANT_TAG}}"));
    expect(variants[2].content).toEqual(pair("./llama-server", "./llama-cli", ":{{QUANT_TAG}}"));
    expect(variants[3].setup).toBe(
      [
        "git clone https://github.com/ggerganov/llama.cpp.git",
        "cd llama.cpp",
        "cmake -B build",
        "cmake --build build -j --target llama-server llama-cli",
      ].join("\n"),
    );
    expect(variants[3].content).toEqual(pair("./build/bin/llama-server", "./build/bin/llama-cli", ":{{QUANT_TAG}}"));
    expect(variants[4]).toEqual({ title: "Use Docker", content: `docker model run hf.co/${id}:{{QUANT_TAG}}` });
    const withFile = snippetOf("llama.cpp", gguf(), "Llama-3.2-1B-Instruct-Q4_K_M.gguf") as LocalAppSnippet[];
    expect(withFile[0].content).toEqual(pair("llama serve", "llama cli", ":Q4_K_M"));
    expect(withFile[4].content).toBe(`docker model run hf.co/${id}:Q4_K_M`);
    const noLabel = snippetOf("llama.cpp", gguf(), "model.gguf") as LocalAppSnippet[];
    expect(noLabel[0].content).toEqual(pair("llama serve", "llama cli", ":{{QUANT_TAG}}"));
    // base models no longer get a prompt: the server and the CLI both start interactively
    const base = snippetOf("llama.cpp", gguf({ tags: ["gguf"] })) as LocalAppSnippet[];
    expect(base[0].content).toEqual(pair("llama serve", "llama cli", ":{{QUANT_TAG}}"));
    const dynamic = snippetOf("llama.cpp", gguf(), "UD-Q4_K_XL/m-UD-Q4_K_XL-00001-of-00002.gguf") as LocalAppSnippet[];
    expect(dynamic[2].content).toEqual(pair("./llama-server", "./llama-cli", ":UD-Q4_K_XL"));
  });

  it("node-llama-cpp: `:{{QUANT_TAG}}` unless the file has a quant label", () => {
    expect(snippetOf("node-llama-cpp", gguf())).toEqual([
      { title: "Chat with the model", content: `npx -y node-llama-cpp chat hf:${id}:{{QUANT_TAG}}` },
      {
        title: "Estimate the model compatibility with your hardware",
        content: `npx -y node-llama-cpp inspect estimate hf:${id}:{{QUANT_TAG}}`,
      },
    ]);
    const labelled = snippetOf("node-llama-cpp", gguf(), "x-Q8_0.gguf") as LocalAppSnippet[];
    expect(labelled[0].content).toBe(`npx -y node-llama-cpp chat hf:${id}:Q8_0`);
    const unlabelled = snippetOf("node-llama-cpp", gguf(), "x.gguf") as LocalAppSnippet[];
    expect(unlabelled[0].content).toBe(`npx -y node-llama-cpp chat hf:${id}:{{QUANT_TAG}}`);
  });

  it("ollama: quant from the file, else the placeholder (also for an unlabelled file)", () => {
    expect(snippetOf("ollama", gguf())).toBe(`ollama run hf.co/${id}:{{QUANT_TAG}}`);
    expect(snippetOf("ollama", gguf(), "Llama-3.2-1B-Instruct-IQ4_XS.gguf")).toBe(`ollama run hf.co/${id}:IQ4_XS`);
    expect(snippetOf("ollama", gguf(), "weights.gguf")).toBe(`ollama run hf.co/${id}:{{QUANT_TAG}}`);
    expect(snippetOf("ollama", gguf(), "gpt-oss-20b-MXFP4.gguf")).toBe(`ollama run hf.co/${id}:MXFP4`);
  });

  it("docker-model-runner: one command, with a quant tag only for GGUF models", () => {
    expect(snippetOf("docker-model-runner", gguf(), "x-Q5_K_M.gguf")).toBe(`docker model run hf.co/${id}:Q5_K_M`);
    expect(snippetOf("docker-model-runner", gguf())).toBe(`docker model run hf.co/${id}:{{QUANT_TAG}}`);
    expect(snippetOf("docker-model-runner", tgi, "x-Q5_K_M.gguf")).toBe(
      "docker model run hf.co/meta-llama/Llama-3.1-8B-Instruct",
    );
  });

  it("localai: binary and docker variants with the file or {{GGUF_FILE}}", () => {
    const variants = snippetOf("localai", gguf()) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual(["Install from binary", "Use Docker images"]);
    expect(variants[0].content).toBe(`# Load and run the model:\nlocal-ai run huggingface://${id}/{{GGUF_FILE}}`);
    expect(variants[1].content).toContain(`localai/localai:latest-cpu huggingface://${id}/{{GGUF_FILE}}`);
    const withFile = snippetOf("localai", gguf(), "sub/model-Q4_0.gguf") as LocalAppSnippet[];
    expect(withFile[0].content).toBe(`# Load and run the model:\nlocal-ai run huggingface://${id}/sub/model-Q4_0.gguf`);
  });

  const chatCurl = (origin: string, model: string, comment = "# Call the server using curl (OpenAI-compatible API):") =>
    [
      comment,
      `curl -X POST "${origin}/v1/chat/completions" \\`,
      '\t-H "Content-Type: application/json" \\',
      "\t--data '{",
      `\t\t"model": "${model}",`,
      '\t\t"messages": [',
      "\t\t\t{",
      '\t\t\t\t"role": "user",',
      '\t\t\t\t"content": "What is the capital of France?"',
      "\t\t\t}",
      "\t\t]",
      "\t}'",
    ].join("\n");

  it("vllm: pip install and serve with a chat call, then Docker Model Runner", () => {
    const variants = snippetOf("vllm", tgi) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual(["Install from pip and serve model", "Use Docker"]);
    expect(variants[0].setup).toBe("# Install vLLM from pip:\npip install vllm");
    expect(variants[0].content).toEqual([
      `# Start the vLLM server:\nvllm serve "meta-llama/Llama-3.1-8B-Instruct"`,
      chatCurl("http://localhost:8000", "meta-llama/Llama-3.1-8B-Instruct"),
    ]);
    expect(variants[1]).toEqual({
      title: "Use Docker",
      content: "docker model run hf.co/meta-llama/Llama-3.1-8B-Instruct",
    });
    // GGUF repositories get the quant tag in the Docker command
    const ggufVariants = snippetOf("vllm", gguf(), "m-Q4_0.gguf") as LocalAppSnippet[];
    expect(ggufVariants[1].content).toBe(`docker model run hf.co/${id}:Q4_0`);
  });

  it("vllm: mistral-common models install it and use Mistral's formats", () => {
    const [pip] = snippetOf("vllm", { ...tgi, tags: [...tgi.tags, "mistral-common"] }) as LocalAppSnippet[];
    expect(pip.setup).toBe(
      "# Install vLLM from pip:\npip install vllm\n# Install mistral-common:\npip install --upgrade mistral-common",
    );
    expect((pip.content as string[])[0]).toBe(
      '# Start the vLLM server:\nvllm serve "meta-llama/Llama-3.1-8B-Instruct" --tokenizer_mode mistral ' +
        "--config_format mistral --load_format mistral --tool-call-parser mistral --enable-auto-tool-choice",
    );
  });

  it("vllm: vision-language models get the image chat example, base models a completion", () => {
    const vision = snippetOf("vllm", {
      ...quantised("awq", "image-text-to-text"),
      tags: ["conversational"],
    }) as LocalAppSnippet[];
    expect((vision[0].content as string[])[1]).toContain('"type": "image_url"');
    const base = snippetOf("vllm", quantised("gptq")) as LocalAppSnippet[];
    expect((base[0].content as string[])[1]).toBe(
      [
        "# Call the server using curl (OpenAI-compatible API):",
        'curl -X POST "http://localhost:8000/v1/completions" \\',
        '\t-H "Content-Type: application/json" \\',
        "\t--data '{",
        '\t\t"model": "TheBloke/Mistral-7B-Instruct-v0.2-AWQ",',
        '\t\t"prompt": "Once upon a time,",',
        '\t\t"max_tokens": 512,',
        '\t\t"temperature": 0.5',
        "\t}'",
      ].join("\n"),
    );
  });

  it("sglang: pip and Docker variants launching the server on port 30000, then a call", () => {
    const variants = snippetOf("sglang", tgi) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual(["Install from pip and serve model", "Use Docker images"]);
    expect(variants[0].setup).toBe("# Install SGLang from pip:\npip install sglang");
    const curl = chatCurl("http://localhost:30000", "meta-llama/Llama-3.1-8B-Instruct");
    expect(variants[0].content).toEqual([
      [
        "# Start the SGLang server:",
        "python3 -m sglang.launch_server \\",
        '    --model-path "meta-llama/Llama-3.1-8B-Instruct" \\',
        "    --host 0.0.0.0 \\",
        "    --port 30000",
      ].join("\n"),
      curl,
    ]);
    expect(variants[1].setup).toContain("docker run --gpus all \\\n    --shm-size 32g \\\n    -p 30000:30000 \\");
    expect(variants[1].setup).toContain('--env "HF_TOKEN=<secret>"');
    expect(variants[1].setup).toContain("lmsysorg/sglang:latest \\\n    python3 -m sglang.launch_server \\");
    expect(variants[1].content).toEqual([curl]);
    const base = snippetOf("sglang", quantised("awq")) as LocalAppSnippet[];
    expect((base[0].content as string[])[1]).toContain('curl -X POST "http://localhost:30000/v1/completions"');
  });

  it("mlx-lm: generate for base models; chat and an OpenAI-compatible server for chat models", () => {
    const mlxId = "mlx-community/Qwen2.5-7B-Instruct-4bit";
    expect(snippetOf("mlx-lm", { ...mlx, pipeline_tag: "text-generation" })).toEqual([
      {
        title: "Generate or start a chat session",
        setup: "# Install MLX LM\nuv tool install mlx-lm",
        content: `# Generate some text\nmlx_lm.generate --model "${mlxId}" --prompt "Once upon a time"`,
      },
    ]);
    const chat = snippetOf("mlx-lm", { ...mlx, tags: ["mlx", "conversational"] }) as LocalAppSnippet[];
    expect(chat.map((v) => v.title)).toEqual(["Generate or start a chat session", "Run an OpenAI-compatible server"]);
    expect(chat[0].content).toBe(`# Interactive chat REPL\nmlx_lm.chat --model "${mlxId}"`);
    expect(chat[1].content).toEqual([
      `# Start the server\nmlx_lm.server --model "${mlxId}"`,
      [
        "# Calling the OpenAI-compatible server with curl",
        'curl -X POST "http://localhost:8000/v1/chat/completions" \\',
        '\t-H "Content-Type: application/json" \\',
        "\t--data '{",
        `\t\t"model": "${mlxId}",`,
        '\t\t"messages": [{"role": "user", "content": "Hello"}]',
        "\t}'",
      ].join("\n"),
    ]);
  });

  it("unsloth: the studio three ways; full checkpoints also load with FastModel", () => {
    const studio = [
      "# Run unsloth studio",
      "unsloth studio -H 0.0.0.0 -p 8888",
      "# Then open http://localhost:8888 in your browser",
      `# Search for ${id} to start chatting`,
    ].join("\n");
    const forGguf = snippetOf("unsloth", gguf()) as LocalAppSnippet[];
    expect(forGguf).toEqual([
      {
        title: "Install Unsloth Studio (macOS, Linux, WSL)",
        setup: "curl -fsSL https://unsloth.ai/install.sh | sh",
        content: studio,
      },
      { title: "Install Unsloth Studio (Windows)", setup: "irm https://unsloth.ai/install.ps1 | iex", content: studio },
      {
        title: "Using HuggingFace Spaces for Unsloth",
        setup: "# No setup required",
        content: `# Open https://huggingface.co/spaces/unsloth/studio in your browser\n# Search for ${id} to start chatting`,
      },
    ]);
    const full = snippetOf("unsloth", { id: "unsloth/Qwen3-8B", tags: ["unsloth"] }) as LocalAppSnippet[];
    expect(full).toHaveLength(4);
    expect(full[3]).toEqual({
      title: "Load model with FastModel",
      setup: "pip install unsloth",
      content:
        'from unsloth import FastModel\n\nmodel, tokenizer = FastModel.from_pretrained(\n    model_name="unsloth/Qwen3-8B",\n    max_seq_length=2048,\n)',
    });
  });

  it("lemonade: pull with the quant tag, run the user.<name>-<QUANT> variant; RyzenAI models need an NPU", () => {
    expect(snippetOf("lemonade", gguf(), "Llama-3.2-1B-Instruct-Q4_K_M.gguf")).toEqual([
      {
        title: "Pull the model",
        setup: "# Download Lemonade from https://lemonade-server.ai/",
        content: `lemonade pull ${id}:Q4_K_M`,
      },
      { title: "Run and chat with the model", content: "lemonade run user.Llama-3.2-1B-Instruct-GGUF-Q4_K_M" },
      { title: "List all available models", content: "lemonade list" },
    ]);
    const placeholder = snippetOf("lemonade", gguf()) as LocalAppSnippet[];
    expect(placeholder[1].content).toBe("lemonade run user.Llama-3.2-1B-Instruct-GGUF-{{QUANT_TAG}}");
    const npu = snippetOf("lemonade", {
      id: "amd/Phi-3-mini-onnx-ryzenai-npu",
      tags: ["ryzenai-npu"],
    }) as LocalAppSnippet[];
    expect(npu[0].content).toBe("lemonade pull amd/Phi-3-mini-onnx-ryzenai-npu");
    expect(npu[1]).toEqual({
      title: "Run and chat with the model (requires XDNA 2 NPU)",
      content: "lemonade run user.Phi-3-mini-onnx-ryzenai-npu",
    });
  });

  describe("coding agents", () => {
    const agentGguf = gguf({ gguf: { total: 1, context_length: 4096, chat_template: "{% if tools %}{% endif %}" } });
    const agentMlx: ModelData = { ...mlx, tags: ["mlx", "conversational"] };
    const mlxId = "mlx-community/Qwen2.5-7B-Instruct-4bit";
    const llamaStep = (tag: string): LocalAppSnippet => ({
      title: "Start the llama.cpp server",
      setup: "# Install llama.cpp:\nbrew install llama.cpp",
      content: `# Start a local OpenAI-compatible server:\nllama serve -hf ${id}${tag}`,
    });
    const mlxStep: LocalAppSnippet = {
      title: "Start the MLX server",
      setup: "# Install MLX LM:\nuv tool install mlx-lm",
      content: `# Start a local OpenAI-compatible server:\nmlx_lm.server --model "${mlxId}"`,
    };

    it("pi: start the server, add the model to models.json, run pi", () => {
      const steps = snippetOf("pi", agentGguf, "m-Q4_K_M.gguf") as LocalAppSnippet[];
      expect(steps[0]).toEqual(llamaStep(":Q4_K_M"));
      expect(steps[1].title).toBe("Configure the model in Pi");
      expect(steps[1].setup).toBe("# Install Pi:\nnpm install -g @earendil-works/pi-coding-agent");
      const [comment, ...json] = (steps[1].content as string).split("\n");
      expect(comment).toBe("# Add to ~/.pi/agent/models.json:");
      expect(json[1]).toBe('  "providers": {');
      expect(JSON.parse(json.join("\n"))).toEqual({
        providers: {
          "llama-cpp": {
            baseUrl: "http://localhost:8080/v1",
            api: "openai-completions",
            apiKey: "none",
            models: [{ id: `${id}:Q4_K_M` }],
          },
        },
      });
      expect(steps[2]).toEqual({ title: "Run Pi", content: "# Start Pi in your project directory:\npi" });
      const withMlx = snippetOf("pi", agentMlx) as LocalAppSnippet[];
      expect(withMlx[0]).toEqual(mlxStep);
      const config = JSON.parse((withMlx[1].content as string).split("\n").slice(1).join("\n"));
      expect(config.providers["mlx-lm"].models).toEqual([{ id: mlxId }]);
    });

    it("hermes-agent: point Hermes at the local server", () => {
      const steps = snippetOf("hermes-agent", agentGguf) as LocalAppSnippet[];
      expect(steps[0]).toEqual(llamaStep(":{{QUANT_TAG}}"));
      expect(steps[1]).toEqual({
        title: "Configure Hermes",
        setup: "# Install Hermes:\ncurl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash\nhermes setup",
        content: [
          "# Point Hermes at the local server:",
          "hermes config set model.provider custom",
          "hermes config set model.base_url http://127.0.0.1:8080/v1",
          `hermes config set model.default ${id}:{{QUANT_TAG}}`,
        ].join("\n"),
      });
      expect(steps[2]).toEqual({ title: "Run Hermes", content: "hermes" });
      expect((snippetOf("hermes-agent", agentMlx) as LocalAppSnippet[])[1].content).toContain(`model.default ${mlxId}`);
    });

    it("openclaw: onboard the local server as the default model, one option per line", () => {
      const steps = snippetOf("openclaw", agentMlx) as LocalAppSnippet[];
      expect(steps[0]).toEqual(mlxStep);
      expect(steps[1]).toEqual({
        title: "Configure OpenClaw",
        setup: "# Install OpenClaw:\nnpm install -g openclaw@latest",
        content: [
          "# Register the local server and set it as the default model:",
          "openclaw onboard \\",
          "  --non-interactive \\",
          "  --mode local \\",
          "  --auth-choice custom-api-key \\",
          "  --custom-base-url http://127.0.0.1:8080/v1 \\",
          `  --custom-model-id "${mlxId}" \\`,
          "  --custom-provider-id mlx-lm \\",
          "  --custom-compatibility openai \\",
          "  --custom-text-input \\",
          "  --accept-risk \\",
          "  --skip-health",
        ].join("\n"),
      });
      expect(steps[2].content).toBe('openclaw agent --local --agent main --message "Hello from Hugging Face"');
      const withGguf = snippetOf("openclaw", agentGguf, "m-IQ4_XS.gguf") as LocalAppSnippet[];
      expect(withGguf[1].content).toContain(`  --custom-model-id "${id}:IQ4_XS" \\\n  --custom-provider-id llama-cpp`);
    });
  });

  it("tgi: docker with --model-id on port 8000, then a chat call", () => {
    const [variant] = snippetOf("tgi", tgi) as LocalAppSnippet[];
    expect(variant.title).toBe("Use Docker images");
    expect(variant.setup).toContain("\t-p 8000:80 \\");
    expect(variant.setup).toContain("\t--model-id meta-llama/Llama-3.1-8B-Instruct");
    expect((variant.content as string[])[0]).toContain('curl -X POST "http://localhost:8000/v1/chat/completions"');
    expect((variant.content as string[])[0]).toContain('"model": "meta-llama/Llama-3.1-8B-Instruct",');
  });
});

describe("deeplinks", () => {
  const id = "bartowski/Llama-3.2-1B-Instruct-GGUF";
  it.each<[keyof typeof LOCAL_APPS, ModelData, string]>([
    ["lmstudio", gguf(), `lmstudio://open_from_hf?model=${id}`],
    ["jan", gguf(), `jan://models/huggingface/${id}`],
    ["backyard", gguf(), `https://backyard.ai/hf/model/${id}`],
    ["sanctum", gguf(), `sanctum://open_from_hf?model=${id}`],
    ["jellybox", gguf(), `jellybox://llm/models/huggingface/LLM/${id}`],
    ["msty", gguf(), `msty://models/search/hf/${id}`],
    ["recursechat", gguf(), `recursechat://new-hf-gguf-model?hf-model-id=${id}`],
    ["atomic-chat", gguf(), `atomic-chat://models/huggingface/${id}`],
    ["jellybox", diffusers(), "jellybox://image/models/huggingface/Image/stabilityai/stable-diffusion-xl-base-1.0"],
    [
      "jellybox",
      diffusers({ tags: ["lora", "safetensors"] }),
      "jellybox://image/models/huggingface/ImageLora/stabilityai/stable-diffusion-xl-base-1.0",
    ],
    [
      "drawthings",
      diffusers(),
      "https://drawthings.ai/import/diffusers/pipeline.from_pretrained?repo_id=stabilityai/stable-diffusion-xl-base-1.0",
    ],
    [
      "drawthings",
      diffusers({ tags: ["lora"] }),
      "https://drawthings.ai/import/diffusers/pipeline.load_lora_weights?repo_id=stabilityai/stable-diffusion-xl-base-1.0",
    ],
    [
      "diffusionbee",
      diffusers(),
      "https://diffusionbee.com/huggingface_import?model_id=stabilityai/stable-diffusion-xl-base-1.0",
    ],
    ["joyfusion", diffusers(), "https://joyfusion.app/import_from_hf?repo_id=stabilityai/stable-diffusion-xl-base-1.0"],
    ["invoke", diffusers(), "https://models.invoke.ai/huggingface/stabilityai/stable-diffusion-xl-base-1.0"],
  ])("%s → %s", (key, model, href) => {
    expect(deeplinkOf(key, model)).toBe(href);
  });

  it("lmstudio adds the chosen file", () => {
    expect(deeplinkOf("lmstudio", gguf(), "Llama-3.2-1B-Instruct-Q4_K_M.gguf")).toBe(
      `lmstudio://open_from_hf?model=${id}&file=Llama-3.2-1B-Instruct-Q4_K_M.gguf`,
    );
  });

  it("validates the model", () => {
    expect(() => deeplinkOf("jan", { id: "", tags: [] })).toThrow(TypeError);
    expect(() => snippetOf("ollama", { id: 5, tags: [] } as unknown as ModelData)).toThrow(TypeError);
  });
});

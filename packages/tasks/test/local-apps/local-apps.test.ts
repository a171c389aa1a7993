import { describe, expect, it } from "vitest";
import { LOCAL_APPS, type LocalApp, type LocalAppSnippet } from "../../src/local-apps/index.js";
import type { ModelData } from "../../src/model-data.js";
import { FACTS } from "../helpers/catalogue-facts.js";

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

describe("LOCAL_APPS catalogue", () => {
  it("has the 17 apps of catalogue-facts.json, in order, with their metadata", () => {
    const table = Object.entries(LOCAL_APPS).map(([key, app]: [string, LocalApp]) => ({
      key,
      prettyLabel: app.prettyLabel,
      docsUrl: app.docsUrl,
      mainTask: app.mainTask,
      macOSOnly: app.macOSOnly === true,
      comingSoon: app.comingSoon === true,
      kind: "deeplink" in app ? "deeplink" : "snippet",
    }));
    expect(table).toEqual(FACTS.localApps);
    expect(table).toHaveLength(17);
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
      "backyard",
      "sanctum",
      "jellybox",
      "msty",
      "recursechat",
      "ollama",
    ]);
    // a .gguf repo whose header could not be read (no context length) is not runnable
    expect(shown(gguf({ gguf: { total: 1 } }))).toEqual([]);
    expect(shown(gguf({ pipeline_tag: "feature-extraction" }))).not.toContain("vllm");
  });

  it("MLX models get LM Studio only", () => {
    expect(shown(mlx)).toEqual(["lmstudio"]);
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

  it("AWQ / GPTQ / AQLM / Marlin text or vision-language models get vLLM", () => {
    for (const method of ["awq", "gptq", "aqlm", "marlin"]) {
      expect(shown(quantised(method))).toEqual(["vllm"]);
      expect(shown(quantised(method, "image-text-to-text"))).toEqual(["vllm"]);
      expect(shown(quantised(method, "text-to-image"))).toEqual([]);
    }
    expect(shown(quantised("bitsandbytes"))).toEqual([]);
  });

  it("TGI-tagged transformers models get TGI and vLLM", () => {
    expect(shown(tgi)).toEqual(["vllm", "tgi"]);
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

  it("llama.cpp: three install variants, -hf with an optional quant, a prompt for base models", () => {
    const variants = snippetOf("llama.cpp", gguf()) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual([
      "Install from brew",
      "Use pre-built binary",
      "Build from source code",
    ]);
    expect(variants[0].setup).toBe("brew install llama.cpp");
    expect(variants[0].content).toBe(`# Load and run the model:\nllama-cli -hf ${id}`);
    expect(variants[1].content).toBe(`# Load and run the model:\n./llama-cli -hf ${id}`);
    expect(variants[2].setup).toContain("cmake --build build -j --target llama-cli");
    expect(variants[2].content).toBe(`# Load and run the model:\n./build/bin/llama-cli -hf ${id}`);
    const withFile = snippetOf("llama.cpp", gguf(), "Llama-3.2-1B-Instruct-Q4_K_M.gguf") as LocalAppSnippet[];
    expect(withFile[0].content).toBe(`# Load and run the model:\nllama-cli -hf ${id}:Q4_K_M`);
    const noLabel = snippetOf("llama.cpp", gguf(), "model.gguf") as LocalAppSnippet[];
    expect(noLabel[0].content).toBe(`# Load and run the model:\nllama-cli -hf ${id}`);
    const base = snippetOf("llama.cpp", gguf({ tags: ["gguf"] })) as LocalAppSnippet[];
    expect(base[0].content).toBe(`# Load and run the model:\nllama-cli -hf ${id} \\\n  -p "Once upon a time,"`);
  });

  it("node-llama-cpp keeps {{OLLAMA_TAG}} unless the file has a quant label", () => {
    expect(snippetOf("node-llama-cpp", gguf())).toEqual([
      { title: "Chat with the model", content: `npx -y node-llama-cpp chat hf:${id}{{OLLAMA_TAG}}` },
      {
        title: "Estimate the model compatibility with your hardware",
        content: `npx -y node-llama-cpp inspect estimate hf:${id}{{OLLAMA_TAG}}`,
      },
    ]);
    const labelled = snippetOf("node-llama-cpp", gguf(), "x-Q8_0.gguf") as LocalAppSnippet[];
    expect(labelled[0].content).toBe(`npx -y node-llama-cpp chat hf:${id}:Q8_0`);
    const unlabelled = snippetOf("node-llama-cpp", gguf(), "x.gguf") as LocalAppSnippet[];
    expect(unlabelled[0].content).toBe(`npx -y node-llama-cpp chat hf:${id}{{OLLAMA_TAG}}`);
  });

  it("ollama: placeholder, quant from the file, or nothing", () => {
    expect(snippetOf("ollama", gguf())).toBe(`ollama run hf.co/${id}{{OLLAMA_TAG}}`);
    expect(snippetOf("ollama", gguf(), "Llama-3.2-1B-Instruct-IQ4_XS.gguf")).toBe(`ollama run hf.co/${id}:IQ4_XS`);
    expect(snippetOf("ollama", gguf(), "weights.gguf")).toBe(`ollama run hf.co/${id}`);
  });

  it("localai: binary and docker variants with the file or {{GGUF_FILE}}", () => {
    const variants = snippetOf("localai", gguf()) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual(["Install from binary", "Use Docker images"]);
    expect(variants[0].content).toBe(`# Load and run the model:\nlocal-ai run huggingface://${id}/{{GGUF_FILE}}`);
    expect(variants[1].content).toContain(`localai/localai:latest-cpu huggingface://${id}/{{GGUF_FILE}}`);
    const withFile = snippetOf("localai", gguf(), "sub/model-Q4_0.gguf") as LocalAppSnippet[];
    expect(withFile[0].content).toBe(`# Load and run the model:\nlocal-ai run huggingface://${id}/sub/model-Q4_0.gguf`);
  });

  it("vllm: conversational models get a chat call", () => {
    const variants = snippetOf("vllm", tgi) as LocalAppSnippet[];
    expect(variants.map((v) => v.title)).toEqual(["Install from pip", "Use Docker images"]);
    expect(variants[0].setup).toBe("# Install vLLM from pip:\npip install vllm");
    expect(variants[0].content).toEqual([
      `# Load and run the model:\nvllm serve "meta-llama/Llama-3.1-8B-Instruct"`,
      [
        "# Call the server using curl:",
        'curl -X POST "http://localhost:8000/v1/chat/completions" \\',
        '\t-H "Content-Type: application/json" \\',
        "\t--data '{",
        '\t\t"model": "meta-llama/Llama-3.1-8B-Instruct",',
        '\t\t"messages": [',
        "\t\t\t{",
        '\t\t\t\t"role": "user",',
        '\t\t\t\t"content": "What is the capital of France?"',
        "\t\t\t}",
        "\t\t]",
        "\t}'",
      ].join("\n"),
    ]);
    expect(variants[1].setup).toContain("\t--model meta-llama/Llama-3.1-8B-Instruct");
    expect((variants[1].content as string[])[0]).toBe(
      '# Load and run the model:\ndocker exec -it my_vllm_container bash -c "vllm serve meta-llama/Llama-3.1-8B-Instruct"',
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
        "# Call the server using curl:",
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

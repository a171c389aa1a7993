import { LOCAL_APPS } from "@hubkit/tasks";
import { describe, expect, test } from "vitest";
import {
  HOSTED_ONLY,
  isLoopbackHub,
  LOCAL_APP_WAYS,
  libraryWay,
  localAppWay,
  pointCommands,
  pointLibrarySnippets,
  pointLocalAppSnippet,
} from "./hub-endpoints";

const HUB = "http://127.0.0.1:5785";
const PUBLIC = "https://hub.example.org";

describe("library snippets", () => {
  test("Python sets HF_ENDPOINT as its first lines, before any import", () => {
    const [code] = pointLibrarySnippets(
      "transformers",
      "acme/model",
      ['from transformers import pipeline\n\npipe = pipeline("text-generation", model="acme/model")'],
      HUB,
    );
    const lines = code.split("\n");
    expect(lines[0]).toBe("import os");
    expect(lines[1]).toMatch(/^os\.environ\["HF_ENDPOINT"\] = "http:\/\/127\.0\.0\.1:5785"/);
    expect(lines[2]).toBe("");
    expect(lines[3]).toBe("from transformers import pipeline");
  });

  test("a shell block that downloads by id exports HF_ENDPOINT; installs stay as they are", () => {
    const blocks = pointLibrarySnippets(
      "hallo",
      "acme/model",
      ["pip install hallo", "hf download acme/model --local-dir ./pretrained_models"],
      PUBLIC,
    );
    expect(blocks[0]).toBe("pip install hallo");
    expect(blocks[1].split("\n")[0]).toMatch(/^export HF_ENDPOINT=https:\/\/hub\.example\.org\b/);
  });

  test("URLs of the repository on huggingface.co become this hub's; others (docs, datasets) stay", () => {
    const [pip, docs] = pointLibrarySnippets(
      "spacy",
      "acme/model",
      [
        "pip install https://huggingface.co/acme/model/resolve/main/model-any-py3-none-any.whl",
        "# See https://huggingface.co/docs/spacy",
      ],
      HUB,
    );
    expect(pip).toBe(`pip install ${HUB}/acme/model/resolve/main/model-any-py3-none-any.whl`);
    expect(docs).toBe("# See https://huggingface.co/docs/spacy");
  });

  test("Transformers.js sets env.remoteHost with the package's own import", () => {
    const [code] = pointLibrarySnippets(
      "transformers.js",
      "acme/model",
      [
        "import { pipeline } from '@huggingface/transformers';\n\nconst pipe = await pipeline('text-generation', 'acme/model');",
      ],
      HUB,
    );
    expect(code).toContain("import { pipeline, env } from '@huggingface/transformers';");
    expect(code).toContain(`env.remoteHost = "${HUB}/";`);
    expect(code.indexOf("env.remoteHost")).toBeLessThan(code.indexOf("await pipeline"));
  });

  test("a library that reaches the hosted hub only says so, and is not pointed", () => {
    expect(libraryWay("ollama-does-not-exist")).toEqual({ way: "hf-endpoint" });
    const blocks = pointLibrarySnippets(
      "chatterbox",
      "acme/model",
      ["from chatterbox.tts import ChatterboxTTS\nmodel = ChatterboxTTS.from_pretrained()"],
      HUB,
    );
    expect(blocks[0].startsWith(`# ${HOSTED_ONLY}: `)).toBe(true);
    expect(blocks[0]).not.toContain("HF_ENDPOINT");
  });

  test("comment-only fallbacks are left alone", () => {
    expect(pointLibrarySnippets("transformers", "acme/model", ["# ⚠️ Type of model unknown"], HUB)).toEqual([
      "# ⚠️ Type of model unknown",
    ]);
  });
});

describe("local app commands", () => {
  test("llama.cpp -hf reads MODEL_ENDPOINT with a trailing slash; each tool its variable", () => {
    expect(pointCommands("# Run\nllama serve -hf acme/m:Q4_K_M", HUB)).toBe(
      `# Run\nMODEL_ENDPOINT=${HUB}/ llama serve -hf acme/m:Q4_K_M`,
    );
    expect(pointCommands("./build/bin/llama-cli -hf acme/m", HUB)).toBe(
      `MODEL_ENDPOINT=${HUB}/ ./build/bin/llama-cli -hf acme/m`,
    );
    expect(pointCommands('vllm serve "acme/m"', HUB)).toBe(`HF_ENDPOINT=${HUB} vllm serve "acme/m"`);
    expect(pointCommands('mlx_lm.chat --model "acme/m"', HUB)).toBe(`HF_ENDPOINT=${HUB} mlx_lm.chat --model "acme/m"`);
    expect(pointCommands("lemonade pull acme/m:Q4_0", HUB)).toBe(`HF_ENDPOINT=${HUB} lemonade pull acme/m:Q4_0`);
    expect(pointCommands("local-ai run huggingface://acme/m/f.gguf", HUB)).toBe(
      `HF_ENDPOINT=${HUB} local-ai run huggingface://acme/m/f.gguf`,
    );
  });

  test("continuation lines and JSON bodies are not commands", () => {
    const text = 'python3 -m sglang.launch_server \\\n    --model-path "acme/m"\ncurl -d \'{\n  "model": "acme/m"\n}\'';
    const pointed = pointCommands(text, HUB).split("\n");
    expect(pointed[0]).toBe(`HF_ENDPOINT=${HUB} python3 -m sglang.launch_server \\`);
    expect(pointed.slice(1)).toEqual(text.split("\n").slice(1));
  });

  test("docker run of an image that downloads gets -e HF_ENDPOINT, and the host network for a loopback hub", () => {
    const command =
      "docker run --gpus all \\\n\t-p 8000:80 \\\n\tghcr.io/huggingface/text-generation-inference:latest \\\n\t--model-id acme/m";
    const local = pointCommands(command, HUB).split("\n");
    expect(local[0]).toMatch(/^# --network host/);
    expect(local[1]).toBe(`docker run -e HF_ENDPOINT=${HUB} --network host --gpus all \\`);
    const remote = pointCommands(command, PUBLIC).split("\n");
    expect(remote[0]).toBe(`docker run -e HF_ENDPOINT=${PUBLIC} --gpus all \\`);
    // Another image is left alone.
    expect(pointCommands("docker run -p 1:1 nginx", HUB)).toBe("docker run -p 1:1 nginx");
  });

  test("a hub address that is not a plain shell word is quoted", () => {
    expect(pointCommands('vllm serve "acme/m"', "http://[::1]:3000")).toBe(
      `HF_ENDPOINT='http://[::1]:3000' vllm serve "acme/m"`,
    );
    const [block] = pointLibrarySnippets("hallo", "acme/m", ["hf download acme/m"], "http://[::1]:3000");
    expect(block.split("\n")[0]).toMatch(/^export HF_ENDPOINT='http:\/\/\[::1\]:3000'/);
  });

  test("loopback hubs", () => {
    expect(isLoopbackHub("http://127.0.0.1:5785")).toBe(true);
    expect(isLoopbackHub("http://localhost:3000")).toBe(true);
    expect(isLoopbackHub("http://[::1]:3000")).toBe(true);
    expect(isLoopbackHub("https://hub.example.org")).toBe(false);
    expect(isLoopbackHub("not a url")).toBe(false);
  });

  test("hf.co/ names and hosted-only apps carry the note; pointed apps their endpoint", () => {
    const docker = pointLocalAppSnippet(
      { way: "commands" },
      { title: "Use Docker", content: "docker model run hf.co/acme/m:Q4_K_M" },
      HUB,
    );
    expect(docker.content.split("\n")[0]).toBe(
      `# ${HOSTED_ONLY}: Docker Model Runner pulls hf.co/ models from huggingface.co.`,
    );
    const ollama = pointLocalAppSnippet(
      localAppWay("ollama", "Ollama"),
      { title: "Run", content: "ollama run hf.co/acme/m" },
      HUB,
    );
    expect(ollama.content).toMatch(new RegExp(`^# ${HOSTED_ONLY}: Ollama`));
    const vllm = pointLocalAppSnippet(
      localAppWay("vllm", "vLLM"),
      { title: "Serve", setup: "pip install vllm", content: 'vllm serve "acme/m"' },
      HUB,
    );
    expect(vllm).toEqual({
      title: "Serve",
      setup: "pip install vllm",
      content: `HF_ENDPOINT=${HUB} vllm serve "acme/m"`,
    });
  });

  test("every local app of the catalogue has a decision; an unknown one is hosted-only", () => {
    expect(Object.keys(LOCAL_APPS).filter((key) => !Object.hasOwn(LOCAL_APP_WAYS, key))).toEqual([]);
    expect(localAppWay("new-app", "New App")).toEqual({
      way: "hosted-only",
      why: "New App has no known setting for another hub",
    });
  });
});

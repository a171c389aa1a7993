// Hostile model ids and file names must never change what a snippet runs or where a deeplink points.
import { describe, expect, it } from "vitest";
import { LOCAL_APPS, type LocalApp, type LocalAppSnippet } from "../../src/local-apps/index.js";
import type { ModelData } from "../../src/model-data.js";
import {
  bashSyntaxErrors,
  HOSTILE_IDS,
  pythonStringArguments,
  pythonSyntaxErrors,
  traceShellCommands,
} from "../helpers/syntax.js";

const TOOLS_TEMPLATE = "{%- if tools %}{{ tools | tojson }}{%- endif %}";

const hostileModel = (id: string): ModelData => ({
  id,
  tags: [
    "gguf",
    "transformers",
    "text-generation-inference",
    "lora",
    "safetensors",
    "mlx",
    "coreml",
    "joyfusion",
    "conversational",
    "mistral-common",
  ],
  pipeline_tag: "text-generation",
  library_name: "diffusers",
  gguf: { total: 1, context_length: 4096, chat_template: TOOLS_TEMPLATE },
});

/**
 * Each hostile id in three records, so every branch of every snippet sees it: GGUF + MLX (MLX servers for the
 * agents), GGUF only (llama.cpp servers, quant tags), and a RyzenAI safetensors checkpoint (Lemonade's NPU branch,
 * Unsloth's FastModel block, no quant tag).
 */
const variants = (id: string): ModelData[] => {
  const base = hostileModel(id);
  return [
    base,
    { ...base, tags: base.tags.filter((tag) => tag !== "mlx") },
    { ...base, tags: ["transformers", "ryzenai-npu", "unsloth"], gguf: undefined },
  ];
};

type Language = "shell" | "python" | "json";

/** The language of a block: shell unless it is Unsloth's Python loader or Pi's models.json. */
function languageOf(app: string, title: string, part: "setup" | "content"): Language {
  if (part === "content" && app === "unsloth" && title === "Load model with FastModel") return "python";
  if (part === "content" && app === "pi" && title === "Configure the model in Pi") return "json";
  return "shell";
}

interface Block {
  app: string;
  block: string;
  language: Language;
}

/** Every block (setup and content) of every snippet app for a model. */
function blocksOf(model: ModelData, filepath?: string): Block[] {
  const blocks: Block[] = [];
  for (const [app, entry] of Object.entries(LOCAL_APPS) as Array<[string, LocalApp]>) {
    if (!("snippet" in entry)) continue;
    const output = entry.snippet(model, filepath);
    const snippets = (Array.isArray(output) ? output : [output]) as Array<string | LocalAppSnippet>;
    for (const snippet of snippets) {
      if (typeof snippet === "string") {
        blocks.push({ app, block: snippet, language: "shell" });
        continue;
      }
      if (snippet.setup) blocks.push({ app, block: snippet.setup, language: languageOf(app, snippet.title, "setup") });
      for (const content of Array.isArray(snippet.content) ? snippet.content : [snippet.content]) {
        blocks.push({ app, block: content, language: languageOf(app, snippet.title, "content") });
      }
    }
  }
  return blocks;
}

const STUBS = ["llama-cli", "llama-server", "build/bin/llama-cli", "build/bin/llama-server"];
const FILE = "Q4_K_M/we'ird $(x) name-Q4_K_M.gguf";

/** The programs local-app snippets may run; an injected `rm`/`touch` would show up as anything else. */
const PROGRAMS = new Set([
  "llama",
  "llama-cli",
  "./llama-cli",
  "./llama-server",
  "./build/bin/llama-cli",
  "./build/bin/llama-server",
  "brew",
  "winget",
  "git",
  "cd",
  "cmake",
  "npx",
  "npm",
  "ollama",
  "local-ai",
  "curl",
  "sh",
  "bash",
  "docker",
  "pip",
  "vllm",
  "python3",
  "uv",
  "mlx_lm.chat",
  "mlx_lm.generate",
  "mlx_lm.server",
  "unsloth",
  "irm",
  "iex",
  "lemonade",
  "pi",
  "hermes",
  "openclaw",
]);

/** The argument after `flag` in a command line. */
const after = (argv: string[], flag: string): string | undefined => {
  const at = argv.indexOf(flag);
  return at < 0 ? undefined : argv[at + 1];
};

describe("local-app snippets with hostile ids", () => {
  const models = [...HOSTILE_IDS, "plain/model", "conversational/model"].flatMap((id) =>
    id === "conversational/model" ? [{ ...hostileModel(id), tags: ["conversational"] }] : variants(id),
  );
  const withFile = (model: ModelData) => (HOSTILE_IDS.slice(0, 3).includes(model.id) ? [undefined, FILE] : [undefined]);
  const all = models.flatMap((model) =>
    withFile(model).flatMap((filepath) =>
      blocksOf(model, filepath).map((entry) => ({ ...entry, id: model.id, filepath })),
    ),
  );
  // Blocks that do not depend on the id (install steps) repeat across models: check each text once.
  const unique = all.filter((c, i) => all.findIndex((other) => other.block === c.block) === i);
  const cases = unique.filter((c) => c.language === "shell");

  it("cover every snippet app", () => {
    const apps = Object.entries(LOCAL_APPS)
      .filter(([, app]) => "snippet" in app)
      .map(([key]) => key);
    expect(new Set(all.map((c) => c.app))).toEqual(new Set(apps));
    expect(apps.length).toBe(14);
  });

  it("are valid bash (bash -n)", () => {
    expect(cases.length).toBeGreaterThan(300);
    expect(bashSyntaxErrors(cases.map((c) => c.block))).toEqual([]);
  });

  it("pass the id to each command as one intact argument and run nothing else", () => {
    const traces = traceShellCommands(
      cases.map((c) => c.block),
      STUBS,
    );
    expect(traces).toHaveLength(cases.length);
    // The recorder must see the commands at all, or the checks below would pass on empty traces.
    expect(traces.filter((calls) => calls.length > 0).length).toBeGreaterThan(cases.length / 2);
    const checked = new Set<string>();
    traces.forEach((calls, i) => {
      const { id, app, block } = cases[i];
      for (const [program] of calls) {
        expect(PROGRAMS.has(program), `${app}: unexpected command ${program} in\n${block}`).toBe(true);
      }
      const args = calls.flat();
      const isIdOrTagged = (arg: string | undefined, prefix = "") =>
        arg === `${prefix}${id}` || (arg?.startsWith(`${prefix}${id}:`) ?? false);
      const expectArg = (what: string, ok: boolean) => {
        checked.add(what);
        expect(ok, `${app} ${what}: ${block}\n${JSON.stringify(calls)}`).toBe(true);
      };
      if (block.includes("-hf "))
        expectArg(
          "-hf",
          calls.some((argv) => isIdOrTagged(after(argv, "-hf"))),
        );
      if (block.includes("node-llama-cpp "))
        expectArg(
          "hf:",
          args.some((arg) => isIdOrTagged(arg, "hf:")),
        );
      if (block.startsWith("ollama"))
        expectArg(
          "ollama",
          args.some((arg) => isIdOrTagged(arg, "hf.co/")),
        );
      if (block.startsWith("docker model run"))
        expectArg(
          "docker model",
          args.some((arg) => isIdOrTagged(arg, "hf.co/")),
        );
      if (block.includes("huggingface://")) {
        expectArg(
          "localai",
          args.some((arg) => arg.startsWith(`huggingface://${id}/`)),
        );
      }
      if (block.includes("vllm serve"))
        expectArg(
          "vllm",
          calls.some((argv) => after(argv, "serve") === id),
        );
      if (block.includes("--model "))
        expectArg(
          "--model",
          calls.some((argv) => after(argv, "--model") === id),
        );
      if (block.includes("--model-path"))
        expectArg(
          "sglang",
          calls.some((argv) => after(argv, "--model-path") === id),
        );
      if (block.includes("lemonade pull"))
        expectArg(
          "lemonade pull",
          calls.some((argv) => isIdOrTagged(after(argv, "pull"))),
        );
      if (block.includes("lemonade run")) {
        const name = id.slice(id.indexOf("/") + 1);
        const run = calls.find((argv) => argv[1] === "run")?.[2] ?? "";
        expectArg("lemonade run", run === `user.${name}` || run.startsWith(`user.${name}-`));
      }
      if (block.includes("model.default")) {
        expectArg(
          "hermes",
          calls.some((argv) => isIdOrTagged(after(argv, "model.default"))),
        );
      }
      if (block.includes("--custom-model-id")) {
        expectArg(
          "openclaw",
          calls.some((argv) => isIdOrTagged(after(argv, "--custom-model-id"))),
        );
      }
      const dataIndex = calls.find((argv) => argv[0] === "curl" && argv.includes("--data"));
      if (dataIndex) {
        const body = JSON.parse(dataIndex[dataIndex.indexOf("--data") + 1]) as { model: string };
        expectArg("curl body", body.model === id);
      }
    });
    // every kind of check above ran at least once, so none of them is dead
    expect([...checked].sort()).toEqual(
      [
        "-hf",
        "--model",
        "curl body",
        "docker model",
        "hermes",
        "hf:",
        "lemonade pull",
        "lemonade run",
        "localai",
        "ollama",
        "openclaw",
        "sglang",
        "vllm",
      ].sort(),
    );
  });

  it("the SGLang Docker command runs the launcher with the id as one argument", () => {
    const docker = cases.filter((c) => c.app === "sglang" && c.block.startsWith("docker run"));
    expect(docker.length).toBeGreaterThan(HOSTILE_IDS.length);
    traceShellCommands(docker.map((c) => c.block)).forEach((calls, i) => {
      expect(calls).toHaveLength(1);
      const argv = calls[0];
      expect(argv.slice(argv.indexOf("lmsysorg/sglang:latest"))).toEqual([
        "lmsysorg/sglang:latest",
        "python3",
        "-m",
        "sglang.launch_server",
        "--model-path",
        docker[i].id,
        "--host",
        "0.0.0.0",
        "--port",
        "30000",
      ]);
    });
  });

  it("Unsloth's FastModel block is valid Python that loads exactly the id", () => {
    const python = unique.filter((c) => c.language === "python");
    expect(python.length).toBeGreaterThan(HOSTILE_IDS.length);
    expect(pythonSyntaxErrors(python.map((c) => c.block))).toEqual([]);
    const names = pythonStringArguments(
      python.map((c) => c.block),
      "model_name",
    );
    expect(names).toEqual(python.map((c) => c.id));
  });

  it("Pi's models.json is valid JSON naming exactly the id (with its quant tag)", () => {
    const json = unique.filter((c) => c.language === "json");
    expect(json.length).toBeGreaterThan(HOSTILE_IDS.length);
    for (const { block, id } of json) {
      const [comment, ...rest] = block.split("\n");
      expect(comment).toBe("# Add to ~/.pi/agent/models.json:");
      const config = JSON.parse(rest.join("\n")) as {
        providers: Record<string, { models: Array<{ id: string }> }>;
      };
      const [provider] = Object.values(config.providers);
      const modelId = provider.models[0].id;
      expect(modelId === id || modelId.startsWith(`${id}:`), block).toBe(true);
    }
  });
});

describe("deeplinks with hostile ids", () => {
  const ids = [...HOSTILE_IDS, "a/b?x=1#frag", "a/b&file=evil", "../../../etc/passwd", "a/../../b", "a b/c%2Fd"];

  it("keep scheme, host and path prefix, and carry the id intact", () => {
    let checked = 0;
    for (const id of ids) {
      const model = hostileModel(id);
      for (const [key, entry] of Object.entries(LOCAL_APPS) as Array<[string, LocalApp]>) {
        if (!("deeplink" in entry)) continue;
        checked++;
        const url = entry.deeplink(model);
        const clean = entry.deeplink(hostileModel("org/model"));
        expect(url.protocol, key).toBe(clean.protocol);
        expect(url.host, key).toBe(clean.host);
        expect(url.hash, key).toBe("");
        const query = [...url.searchParams.keys()];
        expect(query, key).toEqual([...clean.searchParams.keys()]);
        const value = [...clean.searchParams.entries()].find(([, v]) => v === "org/model")?.[0];
        if (value !== undefined) {
          expect(url.searchParams.get(value), key).toBe(id);
        } else {
          const prefix = clean.pathname.slice(0, -"org/model".length);
          expect(url.pathname.startsWith(prefix), `${key}: ${url.href}`).toBe(true);
          expect(decodeURIComponent(url.pathname.slice(prefix.length)), key).toBe(id);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("lmstudio's file parameter cannot add parameters", () => {
    const app = LOCAL_APPS.lmstudio;
    const url = app.deeplink(hostileModel("org/model"), "x.gguf&model=evil#y");
    expect(url.searchParams.getAll("model")).toEqual(["org/model"]);
    expect(url.searchParams.get("file")).toBe("x.gguf&model=evil#y");
  });
});

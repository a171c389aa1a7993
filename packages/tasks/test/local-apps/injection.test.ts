// Hostile model ids and file names must never change what a snippet runs or where a deeplink points.
import { describe, expect, it } from "vitest";
import { LOCAL_APPS, type LocalApp, type LocalAppSnippet } from "../../src/local-apps/index.js";
import type { ModelData } from "../../src/model-data.js";
import { bashSyntaxErrors, HOSTILE_IDS, traceShellCommands } from "../helpers/syntax.js";

const hostileModel = (id: string): ModelData => ({
  id,
  tags: ["gguf", "transformers", "text-generation-inference", "lora", "safetensors", "mlx", "coreml", "joyfusion"],
  pipeline_tag: "text-generation",
  library_name: "diffusers",
  gguf: { total: 1, context_length: 4096 },
});

/** Every shell block (setup and content) of every snippet app for a model. */
function shellBlocks(model: ModelData, filepath?: string): Array<{ app: string; block: string }> {
  const blocks: Array<{ app: string; block: string }> = [];
  for (const [app, entry] of Object.entries(LOCAL_APPS) as Array<[string, LocalApp]>) {
    if (!("snippet" in entry)) continue;
    const output = entry.snippet(model, filepath);
    const snippets = (Array.isArray(output) ? output : [output]) as Array<string | LocalAppSnippet>;
    for (const snippet of snippets) {
      if (typeof snippet === "string") {
        blocks.push({ app, block: snippet });
        continue;
      }
      if (snippet.setup) blocks.push({ app, block: snippet.setup });
      for (const content of Array.isArray(snippet.content) ? snippet.content : [snippet.content]) {
        blocks.push({ app, block: content });
      }
    }
  }
  return blocks;
}

const STUBS = ["llama-cli", "build/bin/llama-cli"];
const FILE = "Q4_K_M/we'ird $(x) name-Q4_K_M.gguf";

describe("local-app shell snippets with hostile ids", () => {
  const models = [...HOSTILE_IDS, "plain/model", "conversational/model"].map((id) =>
    id === "conversational/model" ? { ...hostileModel(id), tags: ["conversational"] } : hostileModel(id),
  );
  const withFile = (model: ModelData) => (HOSTILE_IDS.slice(0, 3).includes(model.id) ? [undefined, FILE] : [undefined]);
  const all = models.flatMap((model) =>
    withFile(model).flatMap((filepath) =>
      shellBlocks(model, filepath).map((entry) => ({ ...entry, id: model.id, filepath })),
    ),
  );
  // Blocks that do not depend on the id (install steps) repeat across models: check each text once.
  const cases = all.filter((c, i) => all.findIndex((other) => other.block === c.block) === i);

  it("are valid bash (bash -n)", () => {
    expect(cases.length).toBeGreaterThan(150);
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
    traces.forEach((calls, i) => {
      const { id, app, block } = cases[i];
      const programs = calls.map((argv) => argv[0]);
      // Only the tools the snippet is about; an injected `rm`/`touch` would show up here.
      for (const program of programs) {
        expect(
          [
            "llama-cli",
            "./llama-cli",
            "./build/bin/llama-cli",
            "brew",
            "git",
            "cd",
            "cmake",
            "npx",
            "ollama",
            "local-ai",
          ]
            .concat(["curl", "sh", "docker", "pip", "vllm"])
            .includes(program),
          `${app}: unexpected command ${program} in\n${block}`,
        ).toBe(true);
      }
      const args = calls.flat();
      if (block.includes("-hf ")) {
        expect(
          args.some((arg) => arg === id || arg.startsWith(`${id}:`)),
          `${block}\n${JSON.stringify(calls)}`,
        ).toBe(true);
      }
      if (block.includes("node-llama-cpp ")) expect(args.some((arg) => arg.startsWith(`hf:${id}`))).toBe(true);
      if (block.startsWith("ollama")) expect(args.some((arg) => arg.startsWith(`hf.co/${id}`))).toBe(true);
      if (block.includes("huggingface://")) {
        expect(args.some((arg) => arg.startsWith(`huggingface://${id}/`))).toBe(true);
      }
      if (block.includes("vllm serve") && !block.includes("bash -c")) expect(args).toContain(id);
      if (block.includes("--model")) expect(args).toContain(id);
      const dataIndex = calls.find((argv) => argv[0] === "curl" && argv.includes("--data"));
      if (dataIndex) {
        const body = JSON.parse(dataIndex[dataIndex.indexOf("--data") + 1]) as { model: string };
        expect(body.model).toBe(id);
      }
    });
  });

  it("docker exec … bash -c runs `vllm serve <id>` in the inner shell too", () => {
    const inner = cases.filter((c) => c.block.includes("bash -c")).map((c) => c);
    const outer = traceShellCommands(inner.map((c) => c.block));
    expect(inner.length).toBeGreaterThan(0);
    const commands = outer.map((trace) => {
      const docker = trace.find((argv) => argv[0] === "docker") ?? [];
      return docker[docker.indexOf("-c") + 1];
    });
    const innerTraces = traceShellCommands(commands);
    expect(innerTraces).toHaveLength(inner.length);
    innerTraces.forEach((calls, i) => {
      expect(calls).toEqual([["vllm", "serve", inner[i].id]]);
    });
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

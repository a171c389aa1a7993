// `hubkit snippets`: argument handling, model from a JSON file or from a hub (the emulator), filters, exit codes.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Emulator, startEmulator } from "@hubkit/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { getInferenceSnippets } from "../../src/snippets/index.js";

const run = promisify(execFile);

async function cli(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe("hubkit snippets", () => {
  let dir: string;
  let modelFile: string;
  let emu: Emulator;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hubkit-cli-"));
    modelFile = join(dir, "model.json");
    writeFileSync(modelFile, JSON.stringify({ pipeline_tag: "text-generation", tags: ["conversational"] }));
    emu = await startEmulator();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await emu.close();
  });

  it("prints the snippets of a model read from a JSON file, one language and client", async () => {
    const out = await cli([
      "snippets",
      "meta-llama/Llama-3.1-8B-Instruct",
      "--provider",
      "together",
      "--model-file",
      modelFile,
      "--lang",
      "sh",
      "--stream",
      "--token",
      "hf_cli",
    ]);
    expect(out.code).toBe(0);
    const model = { id: "meta-llama/Llama-3.1-8B-Instruct", pipeline_tag: "text-generation", tags: ["conversational"] };
    const expected = getInferenceSnippets(model as never, "hf_cli", "together", undefined, { streaming: true });
    expect(out.stdout).toBe(`${expected.find((s) => s.language === "sh")?.content}\n`);
  });

  it("prints every snippet with a header line each when several match", async () => {
    const out = await cli(["snippets", "m/chat", "--provider", "hf-inference", "--model-file", modelFile]);
    expect(out.code).toBe(0);
    expect(out.stdout.match(/^# ==> /gm)).toHaveLength(6);
    expect(out.stdout).toContain("# ==> python · huggingface_hub <==");
    expect(out.stdout).toContain("# ==> js · openai <==");
    expect(out.stdout).toContain('os.environ["HF_TOKEN"]');
  });

  it("reads the model and its provider mapping from a hub", async () => {
    const out = await cli([
      "snippets",
      "meta-llama/Llama-3.1-8B",
      "--provider",
      "together",
      "--hub",
      emu.url,
      "--client",
      "curl",
      "--token",
      "hf_cli",
    ]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    // text-generation model mapped to together's "meta-llama/Meta-Llama-3.1-8B-Reference"
    expect(out.stdout).toContain('"model": "meta-llama/Meta-Llama-3.1-8B-Reference"');
    expect(out.stdout).toContain("https://router.huggingface.co/together/v1/completions");
    const hubRequest = emu.requests.find((r) => r.service === "hub");
    expect(hubRequest?.path).toContain("/api/models/meta-llama/Llama-3.1-8B?expand[]=pipeline_tag");
    expect(hubRequest?.headers.authorization).toBe("Bearer hf_cli");
  });

  it("exit 1 with a message when there is no snippet or no model", async () => {
    const none = await cli(["snippets", "m/chat", "--provider", "fal-ai", "--model-file", modelFile]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("no snippet for m/chat (text-generation) with provider fal-ai");
    const missing = await cli(["snippets", "nobody/nothing", "--provider", "hf-inference", "--hub", emu.url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("HTTP 404");
  });

  it.each([
    [["snippets"], "Missing <model-id>"],
    [["snippets", "a/b"], "Missing --provider"],
    [["other", "a/b"], "Unknown command: other"],
    [["snippets", "a/b", "--provider", "x", "--lang", "go"], "--lang must be python, js or sh"],
    [["snippets", "a/b", "--provider", "x", "--nope"], "Unknown option '--nope'"],
    [["snippets", "a/b", "--provider", "x", "--hub", "h", "--model-file", "f"], "cannot be used together"],
  ])("usage error %j", async (argv, message) => {
    const out = await cli(argv);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(message);
    expect(out.stderr).toContain("Usage: hubkit snippets");
  });

  it("--help prints the usage", async () => {
    const out = await cli(["--help"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Usage: hubkit snippets <model-id> --provider <provider>");
  });

  it("runs as a command (the bin entry)", async () => {
    const entry = join(import.meta.dirname, "..", "..", "src", "cli", "index.ts");
    const { stdout } = await run(
      process.execPath,
      [
        "--conditions=hubkit-source",
        "--import",
        "tsx",
        entry,
        "snippets",
        "a/b",
        "--provider",
        "hf-inference",
        "--model-file",
        modelFile,
        "--client",
        "requests",
      ],
      { cwd: join(import.meta.dirname, "..", ".."), timeout: 60_000 },
    );
    expect(stdout).toContain('API_URL = "https://router.huggingface.co/hf-inference/models/a/b/v1/chat/completions"');
  }, 90_000);
});

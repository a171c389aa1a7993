// Every JavaScript (fetch, huggingface.js, openai), shell (curl) and Python `requests` snippet of the matrix is run
// for real against the emulator, with only the base URL redirected; the emulator must receive exactly the request
// the client itself builds for the same inputs (method, URL, Authorization, body).
import type { Emulator, RecordedRequest } from "@hubkit/emulator";
import { getModelInputSnippet } from "@hubkit/tasks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { decodeExample } from "../../src/snippets/encode.js";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import {
  DATA_URL_INPUTS,
  TEMPLATE_BY_PIPELINE_TAG,
  ZERO_SHOT_IMAGE_LABELS,
  ZERO_SHOT_LABELS,
} from "../../src/snippets/tables.js";
import { clientRequest, normalizeBody, type WireRequest } from "./exec/client-request.js";
import {
  createWorkspace,
  INPUT_FILES,
  type RunResult,
  runJsBatch,
  runPythonBatch,
  runShellBatch,
  type Workspace,
} from "./exec/runners.js";
import { redirectHosts, snippetEnv, startWorld } from "./exec/world.js";
import { buildMatrix, type MatrixEntry, providerKeyEnv, providerModelIdFor } from "./matrix.js";

const EXECUTED = ["js/fetch", "js/huggingface.js", "js/openai", "sh/curl", "python/requests"];

/**
 * Divergences imposed by the byte-exact examples (spec/snippet-examples), checked as what they are:
 * - js/fetch audio & image snippets send `JSON.stringify({inputs: "<file name>"})` with an audio/image content
 *   type instead of the file bytes (automatic-speech-recognition and image-classification examples);
 * - python/requests document-question-answering reads `payload["image"]` from a payload whose image sits under
 *   `inputs`, so it raises KeyError before sending anything;
 * - python/requests chat streaming prints `chunk["choices"][0]["delta"]["content"]`, which raises KeyError on the
 *   final chunk of an OpenAI-style stream (its delta is `{}`), after the request and the text went through.
 */
const FETCH_FILE_AS_JSON = new Set(["basicAudio", "basicImage"]);

interface Execution {
  id: number;
  entry: MatrixEntry;
  client: string;
  template: string;
  /** Token the request must carry (the one passed in, or the value of the environment variable). */
  token: string;
  env: Record<string, string>;
  code: string;
  result?: { ok: boolean; detail: string };
}

const dataUrlInputOf = (entry: MatrixEntry) => DATA_URL_INPUTS[`${entry.provider}/${entry.task}`];

function templateOf(entry: MatrixEntry): string {
  if (entry.task === "conversational") return entry.streaming ? "conversationalStream" : "conversational";
  return dataUrlInputOf(entry)?.template ?? TEMPLATE_BY_PIPELINE_TAG[entry.task];
}

function planExecutions(emulatorUrl: string): Execution[] {
  const executions: Execution[] = [];
  let id = 0;
  for (const entry of buildMatrix()) {
    for (const snippet of entry.snippets) {
      const client = `${snippet.language}/${snippet.client}`;
      if (!EXECUTED.includes(client)) continue;
      id += 1;
      const routerToken = entry.tokenKind === "hf" || (entry.tokenKind === "none" && entry.provider !== "openai");
      const token = routerToken ? `hf_exec_${id}` : `pk-exec-${id}`;
      const passed = entry.tokenKind === "hf" || entry.tokenKind === "key" ? token : "";
      const env: Record<string, string> = passed
        ? {}
        : { HF_TOKEN: token, OPENAI_API_KEY: token, [providerKeyEnv(entry.provider)]: token };
      const fresh = getInferenceSnippets(
        entry.model,
        passed,
        entry.provider,
        providerModelIdFor(entry.provider, entry.model.id),
        { streaming: entry.streaming, directRequest: entry.tokenKind === "none-direct" },
      ).find((s) => `${s.language}/${s.client}` === client);
      if (!fresh) throw new Error(`no ${client} snippet for ${entry.label}/${entry.provider}`);
      executions.push({
        id,
        entry,
        client,
        template: templateOf(entry),
        token,
        env,
        code: redirectHosts(fresh.content, emulatorUrl),
      });
    }
  }
  return executions;
}

// A copy, so the Blob part is backed by a plain ArrayBuffer (what BlobPart's type asks for).
const blobOf = (name: unknown, type?: string) => new Blob([new Uint8Array(INPUT_FILES[String(name)])], { type });

/** What the snippet asks for, as client arguments: call name and task args. */
function clientCall(execution: Execution): { call: string; args: Record<string, unknown> } {
  const { entry, template, client } = execution;
  const raw = getModelInputSnippet(entry.model);
  const example = typeof raw === "string" ? decodeExample(raw) : raw;
  const obj = (example ?? {}) as Record<string, unknown>;
  switch (template) {
    case "conversational":
    case "conversationalStream":
      return { call: template, args: { messages: example, max_tokens: 512 } };
    case "basicAudioDataUrl": {
      // the file the snippet reads, as a Blob of the type it names (what a client user passes)
      const input = dataUrlInputOf(entry);
      if (!input) throw new Error(`no data-URL input for ${entry.provider}/${entry.task}`);
      return { call: entry.task, args: { inputs: blobOf(input.file, input.contentType) } };
    }
    case "basicAudio":
    case "basicImage":
      return { call: entry.task, args: { inputs: blobOf(example) } };
    case "documentQuestionAnswering":
      return { call: entry.task, args: { inputs: { question: obj.question, image: blobOf(obj.image) } } };
    case "imageToImage":
      return { call: entry.task, args: { inputs: blobOf(obj.image), parameters: { prompt: obj.prompt } } };
    case "tabular":
      return { call: entry.task, args: { inputs: { data: example } } };
    case "zeroShotClassification":
      return { call: entry.task, args: { inputs: example, parameters: { candidate_labels: [...ZERO_SHOT_LABELS] } } };
    case "zeroShotImageClassification":
      return {
        call: entry.task,
        args: { inputs: blobOf(example), parameters: { candidate_labels: [...ZERO_SHOT_IMAGE_LABELS] } },
      };
    case "textToImage":
      return {
        call: entry.task,
        args:
          client === "js/huggingface.js"
            ? { inputs: example, parameters: { num_inference_steps: 5 } }
            : { inputs: example },
      };
    default:
      return { call: entry.task, args: { inputs: example } };
  }
}

function received(emu: Emulator, token: string): RecordedRequest[] {
  return emu.requests.filter(
    (r) => r.service !== "hub" && r.service !== "assets" && r.headers.authorization?.endsWith(` ${token}`),
  );
}

function wireOf(request: RecordedRequest): WireRequest {
  return {
    method: request.method,
    url: request.url,
    authorization: request.headers.authorization,
    body: request.json !== undefined ? normalizeBody(request.json) : new Uint8Array(request.body),
  };
}

const where = (e: Execution) =>
  `#${e.id} ${e.entry.label} · ${e.entry.provider} · ${e.client} · token ${e.entry.tokenKind}${e.entry.streaming ? " · stream" : ""}`;

describe("snippets run against the emulator", () => {
  let emu: Emulator;
  let ws: Workspace;
  let executions: Execution[] = [];

  beforeAll(async () => {
    emu = await startWorld();
    ws = await createWorkspace(emu.url);
    executions = planExecutions(emu.url);
    const env = snippetEnv(emu.url);
    // huggingface.js resolves hosts itself (fal-ai queue polling derives URLs from the request URL): its processes
    // reach the emulator through the preloaded fetch guard, which maps the real hosts, instead of base-URL vars.
    const jsEnv = Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith("HUBKIT_")));
    const outcome = (r: RunResult) => ({ ok: r.code === 0, detail: `exit ${r.code}: ${r.stderr.slice(0, 400)}` });
    const js = executions.filter((e) => e.client.startsWith("js/"));
    const python = executions.filter((e) => e.client === "python/requests");
    const shell = executions.filter((e) => e.client === "sh/curl");
    const half = (list: Execution[]) => [list.slice(0, list.length >> 1), list.slice(list.length >> 1)];
    await Promise.all([
      ...half(js).map(async (batch) => {
        if (batch.length === 0) return;
        const results = await runJsBatch(ws, batch, jsEnv);
        for (const e of batch) {
          const errors = results.get(e.id);
          e.result = { ok: errors !== undefined && errors.length === 0, detail: errors?.join("\n") ?? "no result" };
        }
      }),
      ...half(python).map(async (batch) => {
        if (batch.length === 0) return;
        const results = await runPythonBatch(ws, batch, env);
        for (const e of batch) {
          const r = results.get(e.id);
          e.result = { ok: r?.ok === true, detail: r?.error ?? "no result" };
        }
      }),
      ...half(shell).map(async (batch) => {
        if (batch.length === 0) return;
        const results = await runShellBatch(ws, batch, env);
        for (const e of batch) {
          const r = results.get(e.id);
          e.result = r ? outcome(r) : { ok: false, detail: "no result" };
        }
      }),
    ]);
  }, 180_000);

  afterAll(async () => {
    ws?.cleanup();
    await emu?.close();
  });

  const count = (client: string) => executions.filter((e) => e.client === client).length;

  it("ran every JavaScript, curl and requests snippet of the matrix", () => {
    for (const client of EXECUTED) expect(count(client), client).toBeGreaterThan(20);
    expect(executions.every((e) => e.result !== undefined)).toBe(true);
  });

  const isRequests = (e: Execution, template: string) => e.client === "python/requests" && e.template === template;

  it("every snippet exits cleanly (except the two requests examples that raise KeyError)", () => {
    const failures = executions
      .filter((e) => !isRequests(e, "documentQuestionAnswering"))
      .filter((e) => !(isRequests(e, "conversationalStream") && e.result?.detail === "KeyError: 'content'"))
      .filter((e) => !e.result?.ok)
      .map((e) => `${where(e)}: ${e.result?.detail}`);
    expect(failures).toEqual([]);
    const dqa = executions.filter((e) => e.client === "python/requests" && e.template === "documentQuestionAnswering");
    expect(dqa.length).toBeGreaterThan(0);
    for (const e of dqa) {
      expect(e.result?.detail).toContain("KeyError");
      expect(received(emu, e.token)).toEqual([]);
    }
  });

  it("the emulator received exactly the request the client builds for the same inputs", async () => {
    const mismatches: string[] = [];
    let compared = 0;
    // text-to-audio goes through the deprecated `request` (no task function, §2.1): keep its warning quiet
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const e of executions) {
      if (e.client === "python/requests" && e.template === "documentQuestionAnswering") continue;
      const got = received(emu, e.token);
      if (got.length === 0) {
        mismatches.push(`${where(e)}: nothing received`);
        continue;
      }
      const { call, args } = clientCall(e);
      const expected = await clientRequest(emu, call, e.entry.provider, e.entry.model.id, e.token, args);
      const actual = wireOf(got[0]);
      if (e.client === "js/fetch" && FETCH_FILE_AS_JSON.has(e.template)) {
        // spec-mandated example: the file name travels as JSON text; everything else is the client's request
        expected.body = { inputs: Object.keys(INPUT_FILES).find((name) => e.code.includes(`"${name}"`)) };
      }
      try {
        expect(actual).toEqual(expected);
        compared += 1;
      } catch {
        mismatches.push(`${where(e)}:\n  got ${JSON.stringify(actual)}\n  exp ${JSON.stringify(expected)}`);
      }
    }
    warn.mockRestore();
    expect(mismatches.slice(0, 15)).toEqual([]);
    expect(compared).toBeGreaterThan(500);
  }, 120_000);
});

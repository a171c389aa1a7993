// How each library and local app of the catalogue is pointed at THIS hub, as data, and the functions that apply it
// to the catalogue's snippet text. The catalogue (@hubkit/tasks) keeps the hosted hub's snippets unchanged (it mirrors
// @huggingface/tasks for compatibility), so a snippet copied alone would download from huggingface.co; the site
// rewrites it here, per tool, with the setting that tool reads:
// - Python libraries built on huggingface_hub read HF_ENDPOINT once, when huggingface_hub is imported, so the
//   snippet sets it first (`import os; os.environ["HF_ENDPOINT"] = …`);
// - shell tools built on it (hf, vLLM, SGLang, MLX LM, TGI's launcher, LocalAI, Lemonade) read HF_ENDPOINT from the
//   environment: `HF_ENDPOINT=<hub> command` or `export HF_ENDPOINT=<hub>`; in Docker `-e HF_ENDPOINT=<hub>`;
// - llama.cpp's `-hf` reads MODEL_ENDPOINT (README "MODEL_ENDPOINT", common/arg.cpp), with a trailing slash;
// - Transformers.js reads `env.remoteHost`;
// - direct URLs of a repository on huggingface.co become the same URL on this hub (git and /resolve/ work here).
// Tools that can only reach the hosted hub (Ollama's and Docker Model Runner's `hf.co/…` names, the apps opened by
// deep links, libraries that fetch their own fixed weights) keep their snippet and say so in a comment.
import { shellQuote } from "./local-app-snippets";
import { snippetLanguage } from "./snippet-language";

/** The words every "this reaches the hosted hub only" note starts with (tests look for them). */
export const HOSTED_ONLY = "Hosted hub only";

export type LibraryWay =
  /** huggingface_hub underneath: HF_ENDPOINT first in Python blocks, exported in shell blocks. */
  | { way: "hf-endpoint" }
  /** Transformers.js reads `env.remoteHost`. */
  | { way: "transformers-js" }
  /** Files are downloaded by hand (no client): the snippet names the repository's files on this hub. */
  | { way: "files-page" }
  /** The snippet fetches from huggingface.co whatever the environment says. */
  | { way: "hosted-only"; why: string }
  /** The snippet downloads from no hub at all (GitHub, a library's own servers). */
  | { way: "no-hub"; why: string };

const hosted = (why: string): LibraryWay => ({ way: "hosted-only", why });

/** Libraries whose catalogue snippet downloads the model through huggingface_hub need no entry (the default). */
export const DEFAULT_LIBRARY_WAY: LibraryWay = { way: "hf-endpoint" };

export const LIBRARY_WAYS: Readonly<Record<string, LibraryWay>> = {
  "transformers.js": { way: "transformers-js" },
  "unity-sentis": { way: "files-page" },
  "mlc-llm": hosted("MLC LLM resolves HF:// model paths on huggingface.co; download this repository's files instead"),
  "litert-lm": hosted("litert-lm's --from-huggingface-repo fetches from huggingface.co"),
  whisperkit: hosted("WhisperKit downloads its Core ML models from huggingface.co"),
  chatterbox: hosted("ChatterboxTTS.from_pretrained() loads the library's own weights from huggingface.co"),
  chat_tts: hosted("ChatTTS loads its own weights from huggingface.co"),
  "f5-tts": hosted("F5-TTS loads its own default checkpoint from huggingface.co"),
  tabpfn: hosted("TabPFN downloads its default weights from huggingface.co"),
  supertonic: hosted("Supertonic downloads its voices from huggingface.co"),
  vui: hosted("Vui.from_pretrained() loads the library's own weights from huggingface.co"),
  saelens: hosted("SAE Lens loads the releases of its own list from huggingface.co"),
  stanza: hosted("stanza.download() fetches Stanford's own models from huggingface.co"),
  openasr: hosted("openasr pull fetches from huggingface.co"),
  mobilint: hosted("the Mobilint model zoo downloads its compiled models from huggingface.co"),
  colipri: hosted("colipri's get_model() loads its own weights from huggingface.co"),
  "sap-rpt-1-oss": hosted("the classifier downloads its checkpoint from huggingface.co"),
  flextab: hosted("the classifier downloads its checkpoint from huggingface.co"),
  cotracker: { way: "no-hub", why: "torch.hub loads CoTracker from GitHub" },
};

export function libraryWay(library: string): LibraryWay {
  return Object.hasOwn(LIBRARY_WAYS, library) ? LIBRARY_WAYS[library] : DEFAULT_LIBRARY_WAY;
}

/** A double-quoted literal that reads the same in Python and JavaScript (the hub's origin has no quotes). */
const quoted = (text: string) => JSON.stringify(text);

/** `https://huggingface.co/<id>` (git, /resolve/ and pip URLs of the repository itself) → the same path here. */
function rewriteRepoUrls(code: string, repoId: string, hub: string): string {
  return code.replaceAll(`https://huggingface.co/${repoId}`, `${hub}/${repoId}`);
}

function commentPrefix(code: string): string {
  return snippetLanguage(code) === "js" ? "//" : "#";
}

/** Whether every non-empty line is a comment: a pointer to the docs or a catalogue fallback, nothing to run. */
function commentsOnly(code: string): boolean {
  return code
    .split("\n")
    .map((line) => line.trim())
    .every((line) => line === "" || line.startsWith("#") || line.startsWith("//"));
}

/** Signs of a block that loads weights by name (its own, or a repository's). */
const LOADS_BY_NAME = /from_pretrained\(|get_model\(|hf_hub_download|snapshot_download|HF:\/\//;

/** Python: HF_ENDPOINT has to be set before huggingface_hub is imported, so it is the block's first lines. */
export function pythonEndpointLines(hub: string): string {
  return `import os\nos.environ["HF_ENDPOINT"] = ${quoted(hub)}  # download from this hub\n\n`;
}

/** Transformers.js: `env.remoteHost` (with its trailing slash), imported with the block's own import of the package. */
function pointTransformersJs(code: string, hub: string): string {
  const setting = `env.remoteHost = ${quoted(`${hub}/`)}; // download from this hub`;
  const lines = code.split("\n");
  const named = /^(\s*import\s*\{)([^}]*)(\}\s*from\s*['"]@huggingface\/transformers['"];?)\s*$/;
  const at = lines.findIndex((line) => named.test(line));
  if (at >= 0) {
    lines[at] = lines[at].replace(named, (_all, open: string, names: string, close: string) =>
      /\benv\b/.test(names) ? `${open}${names}${close}` : `${open}${names.trimEnd()}, env ${close}`,
    );
    lines.splice(at + 1, 0, setting);
    return lines.join("\n");
  }
  let last = -1;
  lines.forEach((line, index) => {
    if (/^\s*import\s/.test(line)) last = index;
  });
  lines.splice(last + 1, 0, "import { env } from '@huggingface/transformers';", setting);
  return lines.join("\n");
}

/**
 * One library's snippet blocks, pointed at `hub` (this hub's origin, no trailing slash). Blocks that do not name the
 * model keep their text (installs, the second half of a two-part example); the hosted-only and no-hub notes go on
 * each block that loads weights by name, or else on the first block that runs something.
 */
export function pointLibrarySnippets(
  library: string,
  repoId: string,
  blocks: readonly string[],
  hub: string,
): string[] {
  const way = libraryWay(library);
  let noted = false;
  return blocks.map((original) => {
    const code = rewriteRepoUrls(original, repoId, hub);
    if (commentsOnly(code)) return code;
    if (way.way === "hosted-only" || way.way === "no-hub") {
      // The note goes on every block that loads something by name, or on the first one that runs anything.
      if (noted && !LOADS_BY_NAME.test(code) && !code.includes(repoId)) return code;
      noted = true;
      const note = way.way === "hosted-only" ? `${HOSTED_ONLY}: ${way.why}.` : `Not downloaded from a hub: ${way.why}.`;
      return `${commentPrefix(code)} ${note}\n${code}`;
    }
    // Still naming the model once this hub's URLs are taken out: the block downloads it by id.
    if (!code.replaceAll(`${hub}/${repoId}`, "").includes(repoId)) return code;
    const language = snippetLanguage(code);
    if (way.way === "transformers-js" && language === "js") return pointTransformersJs(code, hub);
    if (way.way === "files-page" || language === "js")
      return `${commentPrefix(code)} The files: ${hub}/${repoId}/tree/main\n${code}`;
    if (language === "python") return `${pythonEndpointLines(hub)}${code}`;
    return `export HF_ENDPOINT=${shellQuote(hub)}  # download from this hub\n${code}`;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Local apps

export type LocalAppWay =
  /** Shell commands: each command that downloads gets the endpoint its tool reads (COMMAND_ENDPOINTS). */
  { way: "commands" } | { way: "hosted-only"; why: string };

/** Every local app of the catalogue has an entry, so a new one gets a decision (the table test checks). */
export const LOCAL_APP_WAYS: Readonly<Record<string, LocalAppWay>> = {
  "llama.cpp": { way: "commands" },
  "node-llama-cpp": { way: "hosted-only", why: "node-llama-cpp resolves hf: model names on huggingface.co" },
  vllm: { way: "commands" },
  sglang: { way: "commands" },
  "mlx-lm": { way: "commands" },
  tgi: { way: "commands" },
  localai: { way: "commands" },
  lemonade: { way: "commands" },
  pi: { way: "commands" },
  "hermes-agent": { way: "commands" },
  openclaw: { way: "commands" },
  ollama: { way: "hosted-only", why: "Ollama pulls hf.co/ models from huggingface.co" },
  "docker-model-runner": { way: "hosted-only", why: "Docker Model Runner pulls hf.co/ models from huggingface.co" },
  unsloth: { way: "hosted-only", why: "Unsloth Studio searches and downloads models on huggingface.co" },
  lmstudio: { way: "hosted-only", why: "LM Studio opens models from huggingface.co" },
  jan: { way: "hosted-only", why: "Jan opens models from huggingface.co" },
  "atomic-chat": { way: "hosted-only", why: "Atomic Chat opens models from huggingface.co" },
  backyard: { way: "hosted-only", why: "Backyard AI opens models from huggingface.co" },
  sanctum: { way: "hosted-only", why: "Sanctum opens models from huggingface.co" },
  jellybox: { way: "hosted-only", why: "Jellybox opens models from huggingface.co" },
  msty: { way: "hosted-only", why: "Msty opens models from huggingface.co" },
  recursechat: { way: "hosted-only", why: "RecurseChat opens models from huggingface.co" },
  drawthings: { way: "hosted-only", why: "Draw Things imports models from huggingface.co" },
  diffusionbee: { way: "hosted-only", why: "DiffusionBee imports models from huggingface.co" },
  invoke: { way: "hosted-only", why: "Invoke imports models from huggingface.co" },
  joyfusion: { way: "hosted-only", why: "JoyFusion imports models from huggingface.co" },
};

export function localAppWay(app: string, prettyLabel: string): LocalAppWay {
  return Object.hasOwn(LOCAL_APP_WAYS, app)
    ? LOCAL_APP_WAYS[app]
    : { way: "hosted-only", why: `${prettyLabel} has no known setting for another hub` };
}

interface CommandEndpoint {
  /** The start of a (trimmed) command line that downloads the model. */
  command: RegExp;
  variable: "HF_ENDPOINT" | "MODEL_ENDPOINT";
  /** llama.cpp appends the repository path to MODEL_ENDPOINT as is, so it wants the trailing slash. */
  trailingSlash?: boolean;
}

/** The download commands of the local apps' snippets and the variable each reads. */
export const COMMAND_ENDPOINTS: readonly CommandEndpoint[] = [
  { command: /^(\S*\/)?llama(-server|-cli|\s+serve|\s+cli)\s.*-hf\s/, variable: "MODEL_ENDPOINT", trailingSlash: true },
  { command: /^vllm\s+serve\s/, variable: "HF_ENDPOINT" },
  { command: /^python3?\s+-m\s+sglang\.launch_server\b/, variable: "HF_ENDPOINT" },
  { command: /^mlx_lm\.\w+\s/, variable: "HF_ENDPOINT" },
  { command: /^local-ai\s+run\s/, variable: "HF_ENDPOINT" },
  { command: /^lemonade\s+pull\s/, variable: "HF_ENDPOINT" },
  { command: /^hf\s+download\s/, variable: "HF_ENDPOINT" },
];

/** Docker images whose process downloads through huggingface_hub (or reads HF_ENDPOINT itself). */
const DOCKER_IMAGES_WITH_HF_ENDPOINT = /lmsysorg\/sglang|text-generation-inference|localai\/localai|vllm\/vllm-openai/;

/** A hub on the machine's loopback is not the container's loopback: the container then shares the host's network. */
export function isLoopbackHub(hub: string): boolean {
  try {
    const host = new URL(hub).hostname;
    return host === "localhost" || host === "[::1]" || host.startsWith("127.");
  } catch {
    return false;
  }
}

/** The variable's value as a shell word (an IPv6 host's brackets would otherwise be a glob). */
function endpointValue(hub: string, rule: { trailingSlash?: boolean }): string {
  return shellQuote(rule.trailingSlash ? `${hub}/` : hub);
}

/** One setup or run block of a local app with its download commands pointed at `hub`. */
export function pointCommands(text: string, hub: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const trimmed = line.trimStart();
    const indent = line.slice(0, line.length - trimmed.length);
    // A continuation of the previous line (`\` at its end) is an argument, not a command.
    const continued = index > 0 && lines[index - 1].trimEnd().endsWith("\\");
    if (!continued && /^docker\s+run\s/.test(trimmed)) {
      // The image is on a later continuation line: look at the whole command.
      let end = index;
      while (end < lines.length - 1 && lines[end].trimEnd().endsWith("\\")) end++;
      const command = lines.slice(index, end + 1).join("\n");
      if (DOCKER_IMAGES_WITH_HF_ENDPOINT.test(command)) {
        const network = isLoopbackHub(hub) ? " --network host" : "";
        if (network)
          out.push(`${indent}# --network host: in the container, ${new URL(hub).hostname} is this machine's hub`);
        out.push(
          `${indent}${trimmed.replace(/^docker\s+run/, `docker run -e HF_ENDPOINT=${shellQuote(hub)}${network}`)}`,
        );
        continue;
      }
    }
    const rule = continued ? undefined : COMMAND_ENDPOINTS.find((candidate) => candidate.command.test(trimmed));
    out.push(rule ? `${indent}${rule.variable}=${endpointValue(hub, rule)} ${trimmed}` : line);
  }
  return out.join("\n");
}

export interface PointedLocalSnippet {
  title: string;
  setup?: string;
  content: string;
}

/**
 * A local app's snippet pointed at `hub`; a snippet that still reaches huggingface.co (an `hf.co/` name, a hosted-only
 * app) gets the hosted-only comment as its first run line.
 */
export function pointLocalAppSnippet(way: LocalAppWay, snippet: PointedLocalSnippet, hub: string): PointedLocalSnippet {
  const point = (text: string) => (way.way === "commands" ? pointCommands(text, hub) : text);
  const whole = `${snippet.setup ?? ""}\n${snippet.content}`;
  let why: string | undefined;
  if (way.way === "hosted-only") why = way.why;
  else if (/(^|[\s"'/])hf\.co\//.test(whole))
    why = /docker\s+model\s/.test(whole)
      ? "Docker Model Runner pulls hf.co/ models from huggingface.co"
      : "hf.co/ names resolve on huggingface.co only";
  const content = point(snippet.content);
  return {
    title: snippet.title,
    ...(snippet.setup === undefined ? {} : { setup: point(snippet.setup) }),
    content: why ? `# ${HOSTED_ONLY}: ${why}.\n${content}` : content,
  };
}

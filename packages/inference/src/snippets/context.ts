// Everything a template receives, computed once per call (inference.md §10.7). Values that end up inside code
// are pre-encoded here for each language, so templates never escape anything themselves.
import type { ModelDataMinimal } from "@hubkit/tasks";
import type { SnippetCredentials } from "./credentials.js";
import {
  type EncodedObject,
  heredocLiteral,
  jsonInline,
  pyLiteral,
  shellSingleQuoted,
  tsInline,
  tsKey,
} from "./encode.js";

export interface SnippetContext {
  model: { id: string; library_name: string | undefined };
  provider: string;
  providerModelId: string;
  fullUrl: string;
  baseUrl: string;
  authorizationHeader: string;
  inputs: EncodedObject;
  providerInputs: EncodedObject;
  /** The decoded example of the task (string or object), in each language. */
  example: { py: string; ts: string; json: string; sh: string };
  /** Python literals of the members of an object example (e.g. `image`, `question`). */
  exampleFields: Record<string, string>;
  /** `parameters` of the request on one line (zero-shot candidate labels), Python and TS. */
  parametersInline: { py: string; ts: string };
  /** huggingface_hub keyword arguments of a structured example, one `name=value,` line each (4-space indent). */
  pyKeywordArgs: string;
  tokenFromEnv: boolean;
  billTo: string | undefined;
  /**
   * The body member carrying the input file as a data URL (basicAudioDataUrl): its key and the prefix the file's
   * base64 follows, as a Python string, a JS key and string, and JSON text for a shell here-document.
   */
  dataUrl: { py: DataUrlCode; js: DataUrlCode; sh: DataUrlCode } | undefined;
  /** Language-ready literals (quoted and escaped). */
  py: Record<string, string>;
  js: Record<string, string>;
  sh: Record<string, string>;
}

export interface DataUrlCode {
  key: string;
  prefix: string;
  /** The file's content type. */
  type: string;
}

const q = (text: string): string => JSON.stringify(text);

/** A shell word: bare when it only has safe characters, else single-quoted. */
const shWord = (text: string): string => (/^[\w.:/?=&%@+,-]+$/.test(text) ? text : `'${shellSingleQuoted(text)}'`);

export interface ContextInput {
  model: ModelDataMinimal;
  provider: string;
  providerModelId: string;
  fullUrl: string;
  scheme: string;
  credentials: SnippetCredentials;
  inputs: EncodedObject;
  providerInputs: EncodedObject;
  example: unknown;
  pyKeywordArgs: string;
  billTo: string | undefined;
  dataUrl?: DataUrlMember;
}

/** A body member `key: prefix + <base64 of a file of type contentType>`. */
export interface DataUrlMember {
  key: string;
  prefix: string;
  contentType: string;
}

function dataUrlCode(member: DataUrlMember | undefined): SnippetContext["dataUrl"] {
  if (!member) return undefined;
  const { key, prefix, contentType } = member;
  return {
    py: { key: q(key), prefix: q(prefix), type: q(contentType) },
    js: { key: tsKey(key), prefix: q(prefix), type: q(contentType) },
    // JSON text without the closing quote of the value: the shell appends the base64, then `"}`.
    sh: {
      key: heredocLiteral(q(key)),
      prefix: heredocLiteral(q(prefix).slice(0, -1)),
      type: heredocLiteral(q(contentType)),
    },
  };
}

/** A file name after curl's `@`: double-quoted when plain, single-quoted otherwise. */
const shellFileWord = (name: string): string =>
  /^[\w./ -]+$/.test(name) ? `"${name}"` : `'${shellSingleQuoted(name)}'`;

function exampleFields(example: unknown): Record<string, string> {
  if (example === null || typeof example !== "object" || Array.isArray(example)) return {};
  return Object.fromEntries(Object.entries(example).map(([key, value]) => [key, pyLiteral(value, 1)]));
}

export function buildContext(input: ContextInput): SnippetContext {
  const { credentials, scheme, billTo, fullUrl } = input;
  const parameters = input.providerInputs.asObj.parameters;
  const env = credentials.envVar;
  const token = credentials.token ?? "";
  const baseUrl = fullUrl.replace(/\/chat\/completions$/, "");
  const authorizationHeader = env ? `${scheme} $${env}` : `${scheme} ${token}`;
  const py = {
    token: env ? `os.environ[${q(env)}]` : q(token),
    authHeader: env ? `f"${scheme} {os.environ[${q(env).replace(/"/g, "'")}]}"` : q(`${scheme} ${token}`),
    modelId: q(input.model.id),
    providerModelId: q(input.providerModelId),
    fullUrl: q(fullUrl),
    baseUrl: q(baseUrl),
    provider: q(input.provider),
    billTo: billTo === undefined ? "" : q(billTo),
  };
  const js = {
    token: env ? `process.env.${env}` : q(token),
    authHeader: env ? `\`${scheme} \${process.env.${env}}\`` : q(`${scheme} ${token}`),
    modelId: q(input.model.id),
    providerModelId: q(input.providerModelId),
    fullUrl: q(fullUrl),
    baseUrl: q(baseUrl),
    provider: q(input.provider),
    billTo: billTo === undefined ? "" : q(billTo),
  };
  const sh = {
    authHeader: env
      ? `"Authorization: ${scheme} $${env}"`
      : `'${shellSingleQuoted(`Authorization: ${scheme} ${token}`)}'`,
    fullUrl: shWord(fullUrl),
    bodyInline: `'${shellSingleQuoted(input.providerInputs.asJsonInline)}'`,
    billToHeader: billTo === undefined ? "" : `'${shellSingleQuoted(`X-HF-Bill-To: ${billTo}`)}'`,
  };
  return {
    model: { id: input.model.id, library_name: input.model.library_name },
    provider: input.provider,
    providerModelId: input.providerModelId,
    fullUrl,
    baseUrl,
    authorizationHeader,
    inputs: input.inputs,
    providerInputs: input.providerInputs,
    example: {
      py: pyLiteral(input.example, 1),
      ts: tsInline(input.example),
      json: jsonInline(input.example),
      sh: typeof input.example === "string" ? shellFileWord(input.example) : "",
    },
    exampleFields: exampleFields(input.example),
    parametersInline: {
      py: parameters === undefined ? "" : jsonInline(parameters),
      ts: parameters === undefined ? "" : tsInline(parameters),
    },
    pyKeywordArgs: input.pyKeywordArgs,
    dataUrl: dataUrlCode(input.dataUrl),
    tokenFromEnv: env !== undefined,
    billTo,
    py,
    js,
    sh,
  };
}
